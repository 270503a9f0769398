/** Small text helpers the rule-based analysers share. */

export const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
export const URL_LIKE =
  /\b(?:https?:\/\/[^\s<>"]+|www\.[^\s<>"]+|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|co|app|dev|me|us|uk|de|ai)(?:\/[^\s<>"]*)?)\b/gi;
export const PHONE = /(?:\+?\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)|\d{2,4})[\s.-]?\d{3,4}[\s.-]?\d{3,4}\b/g;
export const HASHTAG = /(?<![\w#])#([A-Za-z0-9_]*[A-Za-z_][A-Za-z0-9_]*)/g;
export const MENTION = /(?<![\w@.])@([A-Za-z0-9_](?:[A-Za-z0-9_.]*[A-Za-z0-9_])?)/g;

export const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

export const wordCount = (text: string) => (text.match(/[\p{L}\p{N}'’]+/gu) ?? []).length;

export const unique = <T>(items: T[]) => [...new Set(items)];

export const matches = (text: string, pattern: RegExp) =>
  unique([...text.matchAll(pattern)].map((match) => match[0].trim()));

/** Sentences of running text (lines joined, split after . ! ? …). */
export function sentencesOf(text: string): string[] {
  const flat = linesOf(text).join(' ');
  return (flat.match(/[^.!?…]+(?:[.!?…]+|$)/g) ?? [])
    .map((sentence) => sentence.trim())
    .filter((sentence) => wordCount(sentence) > 0);
}

/** The opening sentences, up to about `maxChars`. */
export function openingOf(text: string, maxChars = 240): string {
  let summary = '';
  for (const sentence of sentencesOf(text)) {
    if (summary && summary.length + sentence.length > maxChars) break;
    summary = summary ? `${summary} ${sentence}` : sentence;
  }
  return summary.length > maxChars ? `${summary.slice(0, maxChars - 1).trimEnd()}…` : summary;
}

const BULLET = /^(?:[-•*▪‣◦]|\d{1,2}[.)])\s+(.+)$/;

/** Bullet or numbered lines if there are any, else the longest sentences in their order. */
export function keyPointsOf(text: string, max = 5): string[] {
  const bullets = linesOf(text).flatMap((line) => {
    const match = BULLET.exec(line);
    return match?.[1] ? [match[1]] : [];
  });
  if (bullets.length > 0) return bullets.slice(0, max);
  const sentences = sentencesOf(text).filter((sentence) => wordCount(sentence) >= 3);
  const longest = new Set([...sentences].sort((a, b) => wordCount(b) - wordCount(a)).slice(0, max));
  return sentences.filter((sentence) => longest.has(sentence));
}

/** Emails, links, phone numbers, @mentions, #hashtags and amounts named in the text. */
export function entitiesOf(text: string): string[] {
  const emails = matches(text, EMAIL);
  const withoutEmails = text.replace(EMAIL, ' ');
  return unique([
    ...emails,
    ...matches(withoutEmails, URL_LIKE),
    ...matches(withoutEmails, PHONE).filter((phone) => phone.replace(/\D/g, '').length >= 7),
    ...matches(withoutEmails, MENTION),
    ...matches(text, HASHTAG),
    ...matches(text, /[$€£]\s?\d+(?:[.,]\d{2})?/g),
  ]).slice(0, 100);
}
