/**
 * Suicide and self-harm intent in a message. Patterns over a normalised text (lower case,
 * curly quotes straightened, repeated letters squeezed), with common misspellings. Figures of
 * speech ("this homework is killing me", "I could die of embarrassment") are not matched.
 */
const PATTERNS: readonly RegExp[] = [
  /\b(kill+|kil+)(ing)? ?(my ?self|myslef|mysef|me self)\b|\bkms\b/,
  /\b(suicid\w*|sucid\w*|sucide|suicde|suiside|suicidle|sewer ?slide)\b/,
  /\b(end|ending|take|taking) (it all|my (own )?life|my life|everything)\b/,
  /\b(want|wanna|wish|going|gonna|ready|planning|plan) (to )?(die|be dead|not (be )?(alive|here|exist))\b/,
  /\bwish i (was|were) (dead|never born|gone)\b/,
  /\b(don'?t|do not|dont) want to (live|be alive|exist|wake up)( anymore)?\b/,
  /\bno (reason|point) (to|in) (live|living|going on|being alive)\b/,
  /\b(better off|be better) (without me|if i (was|were) (dead|gone))\b/,
  /\bself[- ]?harm(ing)?\b|\bselfharm\b/,
  /\b(cut|cutting|cuttin|burn|burning|hurt|hurting|harm|harming) (my ?self|myself|my (wrists?|arms?|legs?|thighs?))\b/,
  /\b(overdose|od) on\b|\bswallow(ed)? (all )?(the |my )?pills\b/,
  /\bhang(ing)? my ?self\b|\bjump(ing)? off (a|the) (bridge|building|roof)\b/,
  /\bunalive( my ?self)?\b/,
  /\bcan'?t (go on|do this anymore|keep going)\b.*\b(life|living|alive|anymore)\b/,
];

export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’ʼ`]/g, "'")
    .replace(/([a-z])\1{2,}/g, '$1$1')
    .replace(/\s+/g, ' ');
}

/** True when the text reads as suicide or self-harm intent. */
export function soundsLikeCrisis(text: string): boolean {
  const normalised = normalise(text);
  return PATTERNS.some((pattern) => pattern.test(normalised));
}
