/**
 * A crisis phrase and the context that makes it ordinary talk. Every pattern reads the
 * normalised text (see normalise.ts) and is written without nested unbounded repeats, so a
 * message is read in microseconds whatever it holds. No lookbehind: older Safari lacks it.
 */

export type CrisisCategory = 'intent' | 'passive' | 'method' | 'attempt' | 'farewell' | 'self-harm';

export interface Rule {
  /** The phrase (compiled with the `g` flag: every occurrence is weighed). */
  pattern: RegExp;
  /** Tested on the 48 characters before an occurrence (end-anchored): a match discards it. */
  notBefore?: RegExp;
  /** Tested on the 64 characters after an occurrence (start-anchored): a match discards it. */
  notAfter?: RegExp;
  /** Tested on the whole message: a match turns the rule off (fiction, photos, shaving...). */
  notIn?: RegExp;
  /** Tested on the whole message: the rule holds only when this matches too ("will i die" + a drug). */
  alsoIn?: RegExp;
  /**
   * 'deny' — an explicit denial right before discards it ("i'm not suicidal", "i would never
   * hurt myself"); 'dont' — also "don't" ("i don't want to die", said of surgery).
   */
  negatable?: 'deny' | 'dont';
}

/** `rx` joins a pattern from fragments: rx`\b${TO} die\b`, backslashes kept as written. */
export const rx = String.raw;

export function rule(source: string, options: Omit<Rule, 'pattern'> = {}): Rule {
  return { pattern: new RegExp(source, 'g'), ...options };
}

/** Fillers allowed between a negation and the phrase ("not going to", "would never"). */
const FILLERS =
  '(?: (?:going|gonna|gon|gunna|to|about|planning|trying|ever|really|actually|even|be|literally|ever going))*';
/** "why not kill myself" is no denial: the negation must not follow "why". */
const NEG_DENY = new RegExp(
  `(?:^|[^y] )(?:not|never|wont|wouldnt|would not|will not|isnt|aint|nor)${FILLERS} $`,
);
const NEG_DONT = new RegExp(
  `(?:^|[^y] )(?:not|never|wont|wouldnt|would not|will not|isnt|aint|dont|do not|didnt|did not|doesnt|does not|dnt)(?: (?:going|gonna|to|about|planning|really|actually|even|ever|want|wanna|wish|literally))* $`,
);

const BEFORE = 48;
const AFTER = 64;

/** True when the rule's phrase occurs in `text` in a context that keeps it. */
export function matches(rule: Rule, text: string): boolean {
  if (rule.notIn?.test(text)) return false;
  if (rule.alsoIn && !rule.alsoIn.test(text)) return false;
  const pattern = rule.pattern;
  pattern.lastIndex = 0;
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    if (found[0] === '') pattern.lastIndex += 1;
    const end = found.index + found[0].length;
    const before = text.slice(Math.max(0, found.index - BEFORE), found.index);
    const after = text.slice(end, end + AFTER);
    if (rule.negatable === 'deny' && NEG_DENY.test(before)) continue;
    if (rule.negatable === 'dont' && NEG_DONT.test(before)) continue;
    if (rule.notBefore?.test(before)) continue;
    if (rule.notAfter?.test(after)) continue;
    pattern.lastIndex = 0;
    return true;
  }
  return false;
}
