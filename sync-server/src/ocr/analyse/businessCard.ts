import type { BusinessCardData } from '@shared/ocr-api';
import type { AnalysisResult } from './types';
import { EMAIL, entitiesOf, linesOf, PHONE, URL_LIKE } from './text';

const TITLE_WORDS =
  /\b(ceo|cto|cfo|coo|vp|chief|president|founder|co-founder|owner|partner|director|manager|head|lead|engineer|developer|designer|consultant|specialist|analyst|coordinator|assistant|officer|architect|scientist|advisor|attorney|lawyer|doctor|nurse|agent|realtor|broker|editor|writer|photographer|stylist|artist|producer|recruiter|sales|marketing)\b/i;
const COMPANY_WORDS =
  /\b(inc|llc|ltd|limited|co|corp|corporation|company|group|studio|studios|agency|gmbh|labs|partners|associates|solutions|consulting|media|design|technologies|bakery|salon|cafe|café)\b\.?/i;
const CONTACT = /@|https?:|www\.|\d{3}|tel|phone|fax|mobile|email/i;

const first = (text: string, pattern: RegExp) => text.match(pattern)?.[0]?.trim() ?? null;
const looksLikeName = (line: string) =>
  /^[A-Z][\p{L}'’-]+(?: [A-Z]\.?)?(?: [A-Z][\p{L}'’-]+){1,2}$/u.test(line) &&
  !TITLE_WORDS.test(line) &&
  !COMPANY_WORDS.test(line);

/** Name, title, company, email, phone and website of a business card. */
export function analyseBusinessCard(text: string): AnalysisResult {
  const lines = linesOf(text);
  const email = first(text, EMAIL);
  const rest = text.replace(EMAIL, ' ');
  const phone =
    rest
      .match(PHONE)
      ?.find((candidate) => candidate.replace(/\D/g, '').length >= 7)
      ?.trim() ?? null;
  const website = first(rest, URL_LIKE);
  const words = lines.filter((line) => !CONTACT.test(line));
  const name = words.find(looksLikeName) ?? null;
  const title = words.find((line) => line !== name && TITLE_WORDS.test(line)) ?? null;
  const company =
    words.find((line) => line !== name && line !== title && COMPANY_WORDS.test(line)) ??
    words.find((line) => line !== name && line !== title && /[A-Za-z]{2,}/.test(line)) ??
    null;
  const data: BusinessCardData = { name, title, company, email, phone, website };
  const who = [name, title && (company ? `${title} at ${company}` : title)].filter(Boolean);
  const summary =
    who.length > 0 || company
      ? `Contact details for ${who.length > 0 ? who.join(', ') : company}.`
      : 'No contact details could be read from this card.';
  return {
    analysis: {
      type: 'business-card',
      summary,
      keyPoints: Object.entries(data).flatMap(([field, value]) =>
        value ? [`${field[0]?.toUpperCase()}${field.slice(1)}: ${value}`] : [],
      ),
      entities: [
        ...[name, company].filter((item): item is string => Boolean(item)),
        ...entitiesOf(text),
      ],
      sentiment: 'neutral',
    },
    structuredData: data,
  };
}
