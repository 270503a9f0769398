import type { ReceiptData } from '@shared/ocr-api';
import type { AnalysisResult } from './types';
import { entitiesOf, linesOf } from './text';

const AMOUNT_AT_END = /^(.*?)[\s.:]*(?:[$€£]\s?)?(-?\d{1,6}(?:[.,]\d{2}))\s*[A-Z]?$/;
const NOT_AN_ITEM =
  /\b(sub\s*-?total|total|tax|vat|gst|tip|gratuity|change|cash|card|visa|mastercard|amex|balance|paid|payment|due|discount|amount|tendered|debit|credit)\b/i;
const TOTAL = /\b(?:grand\s+)?total\b|\bamount\s+due\b|\bbalance\s+due\b/i;
const SUBTOTAL = /\bsub\s*-?total\b/i;
const DATE =
  /\b(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}-\d{2}-\d{2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4})\b/i;
const HEADER_WORDS = /^(receipt|invoice|order|welcome|thank you|tel|phone|www\.|http)/i;

const amountOf = (raw: string) => Number(raw.replace(',', '.'));

function currencyOf(text: string): string | null {
  if (text.includes('€')) return 'EUR';
  if (text.includes('£')) return 'GBP';
  if (text.includes('$')) return 'USD';
  return null;
}

/** Merchant, items with amounts, total (the last 'total' line, else the items' sum). */
export function analyseReceipt(text: string): AnalysisResult {
  const lines = linesOf(text);
  const merchant =
    lines.find(
      (line) =>
        /[A-Za-z]{2,}/.test(line) &&
        !HEADER_WORDS.test(line) &&
        !AMOUNT_AT_END.test(line) &&
        !DATE.test(line),
    ) ?? null;
  const items: ReceiptData['items'] = [];
  let total: number | null = null;
  let subtotal: number | null = null;
  for (const line of lines) {
    const match = AMOUNT_AT_END.exec(line);
    if (!match?.[2]) continue;
    const name = (match[1] ?? '').trim();
    const amount = amountOf(match[2]);
    if (TOTAL.test(line) && !SUBTOTAL.test(line)) total = amount;
    else if (SUBTOTAL.test(line)) subtotal = amount;
    else if (!NOT_AN_ITEM.test(line) && /[A-Za-z]/.test(name)) items.push({ name, amount });
  }
  const sum = Math.round(items.reduce((acc, item) => acc + item.amount, 0) * 100) / 100;
  total ??= subtotal ?? (items.length > 0 ? sum : null);
  const currency = currencyOf(text);
  const date = DATE.exec(text)?.[0] ?? null;
  const money = (value: number) =>
    `${currency === 'EUR' ? '€' : currency === 'GBP' ? '£' : '$'}${value.toFixed(2)}`;
  const data: ReceiptData = { merchant, date, items, total, currency };
  const summary =
    items.length === 0 && total === null
      ? 'No items or amounts could be read from this receipt.'
      : `Receipt${merchant ? ` from ${merchant}` : ''}: ${items.length} item${items.length === 1 ? '' : 's'}${
          total !== null ? `, total ${money(total)}` : ''
        }.`;
  return {
    analysis: {
      type: 'receipt',
      summary,
      keyPoints: [
        ...items.slice(0, 20).map((item) => `${item.name}: ${money(item.amount)}`),
        ...(total !== null ? [`Total: ${money(total)}`] : []),
        ...(date ? [`Date: ${date}`] : []),
      ],
      entities: [...(merchant ? [merchant] : []), ...entitiesOf(text)],
      sentiment: 'neutral',
    },
    structuredData: data,
  };
}
