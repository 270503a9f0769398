import { ANALYSIS_TYPES } from '@shared/chat';
import type { AnalysisType } from '@shared/chat';
import { chatMessagesOf } from '../../ocr/analyse/document';
import { analyseWithRules } from '../../ocr/analyse/rules';
import { EMAIL, HASHTAG, linesOf, MENTION, PHONE, wordCount } from '../../ocr/analyse/text';
import type { SharedScreenshot } from '../types';

/** What a shared screenshot shows: the analysis types, with a chat told apart from other text. */
export const SCREENSHOT_KINDS = [
  'chat',
  'receipt',
  'business-card',
  'social-media',
  'document',
  'general',
] as const;
export type ScreenshotKind = (typeof SCREENSHOT_KINDS)[number];

const RECEIPT_WORDS =
  /\b(sub\s*-?total|total|receipt|invoice|tax|vat|change due|amount due|balance due|visa|mastercard|tendered)\b/i;
const AMOUNT = /\d[.,]\d{2}\b/;
/** A gist longer than this is cut at a word (a model's summary may run to 4000 characters). */
const GIST_MAX_CHARS = 220;

const namedType = (type: string | null | undefined): AnalysisType | undefined =>
  ANALYSIS_TYPES.find((known) => known === type);

/**
 * The kind of screenshot: the analysis's own type or the one she chose (general says nothing),
 * else read from its words: 'Them:'/'Me:' bubbles (shared/ocr) are a chat, a total with
 * amounts a receipt, a few lines with an email or phone a card, hashtags or @names a post.
 */
export function kindOf(shot: SharedScreenshot): ScreenshotKind {
  const named = namedType(shot.analysis?.type) ?? namedType(shot.analysisType);
  const { text } = shot;
  if (named && named !== 'general') return named;
  if (chatMessagesOf(text).length > 0) return 'chat';
  if (RECEIPT_WORDS.test(text) && AMOUNT.test(text)) return 'receipt';
  const phones = text.match(PHONE) ?? [];
  const contact =
    text.search(EMAIL) >= 0 || phones.some((phone) => phone.replace(/\D/g, '').length >= 7);
  if (contact && linesOf(text).length <= 8) return 'business-card';
  if (text.search(HASHTAG) >= 0 || text.search(MENTION) >= 0) return 'social-media';
  return wordCount(text) > 60 ? 'document' : 'general';
}

/**
 * What it says, in a sentence or two: the analysis's summary when it came with one, else the
 * built-in analysis of its text (a receipt's merchant, items and total; a chat's tone and their
 * last message). '' when no words could be read from it.
 */
export function gistOf(shot: SharedScreenshot, kind: ScreenshotKind): string {
  const fromAnalysis = shot.analysis?.summary.trim();
  const gist =
    fromAnalysis ||
    (shot.text.trim()
      ? analyseWithRules(shot.text, kind === 'chat' ? 'general' : kind).analysis.summary.trim()
      : '');
  if (!gist) return '';
  const short =
    gist.length > GIST_MAX_CHARS
      ? `${gist.slice(0, GIST_MAX_CHARS).replace(/\s+\S*$/, '')}…`
      : gist;
  return /[.!?…]["”]?$/.test(short) ? short : `${short}.`;
}
