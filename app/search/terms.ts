/**
 * How text becomes search terms, one way for her messages, her query and the highlight, so
 * what is found is what is marked.
 */

/** A word: letters, digits and the marks on them (so "café" is one word, "don't" two). */
export const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const ENDS_IN_WORD = /[\p{L}\p{N}\p{M}]$/u;

/**
 * Words in nearly every message: found everywhere, they would only slow every search down (a
 * query of them alone finds nothing; with other words they are left out).
 */
const STOP_WORDS = new Set(
  (
    'a am an and are as at be but by did do for from had has have he her him his i if im in ' +
    'is it its me my of on or our so than that the their them they this to us was we were ' +
    'you your'
  ).split(' '),
);

/** The last word she is still typing matches as a prefix from this many letters on. */
const PREFIX_FROM = 2;
/** Words this long also match with one letter wrong, missing or extra (a typo). */
const FUZZY_FROM = 5;

/** A word as it is kept and looked for: lower case, without accents ("Café" is "cafe"). */
export function termOf(word: string): string {
  const lower = word.toLowerCase();
  // Most words are plain ASCII: normalising those is wasted work on 50,000 messages.
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(lower) ? lower : lower.normalize('NFD').replace(/\p{M}+/gu, '');
}

/** The terms a text is found by (what the index keeps of it). */
export function indexTerm(word: string): string | null {
  const term = termOf(word);
  return STOP_WORDS.has(term) ? null : term;
}

export const wordsOf = (text: string): string[] => text.match(WORD) ?? [];

/** What to look for, read from her query as she types it. */
export interface ParsedQuery {
  /** Every word must be found (stop words left out). */
  terms: string[];
  /** The last term is a word she is still typing: found as the start of a longer one too. */
  lastIsPrefix: boolean;
}

/**
 * Her query as terms, or null when there is nothing to look for yet (a single letter would
 * find nearly everything). The last word is a prefix while she is typing it (no space after
 * it yet) and has PREFIX_FROM letters; a shorter one is left out until it has.
 */
export function parseQuery(query: string): ParsedQuery | null {
  const words = wordsOf(query).map(termOf);
  const typing = ENDS_IN_WORD.test(query);
  const last = typing ? words.pop() : undefined;
  const terms = words.filter((term) => !STOP_WORDS.has(term));
  const lastIsPrefix = last !== undefined && last.length >= PREFIX_FROM;
  if (lastIsPrefix) terms.push(last);
  return terms.length === 0 ? null : { terms, lastIsPrefix };
}

/** How far a term may be from a word and still match it (MiniSearch's `fuzzy`). */
export const fuzzinessOf = (term: string): number | false =>
  term.length >= FUZZY_FROM ? 0.2 : false;
