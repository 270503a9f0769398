/**
 * Screenshot text without the clutter: what the phone draws around a chat is not
 * part of it. The status bar (9:41, LTE, 87 %) above the first line, the input bar's
 * placeholder ("Message", "Type a message") below the last, and the time a messenger prints
 * inside each bubble ("10:42 PM", "22:41 ✓✓") are left out; emails, web addresses and handles
 * the recogniser split at their dots ("jordan. rivera@northwind. example") come out whole.
 * Pure text in, text out: the recogniser's real output is what the tests feed it.
 */

/** One line of a transcript: a bubble's text with its side, or text on the page. */
export interface TranscriptLine {
  kind: 'them' | 'me' | 'page';
  text: string;
}

/** A clock time as phones print it: 9:41, 22:41, 10:42 PM, 10.42 pm. */
const TIME = String.raw`[0-2]?\d[:.][0-5]\d(?:\s?[AaPp]\.?\s?[Mm]\.?)?`;

/**
 * Read receipts after a bubble's time (✓, ✓✓, ✔✔) and what tesseract makes of them: v, vv,
 * W, V/, //, J, ¥. Only ever taken right after a time at the very end of a bubble.
 */
const TICKS = String.raw`(?:[✓✔√vVwWJ/¥]{1,3}|\(?[vV]\)?)`;

/**
 * Words that put a time in the message itself ("see you at 9:30"): a time after one of them
 * is what she wrote, not when it was sent.
 */
const TIME_WORDS = new Set([
  'at',
  'by',
  'around',
  'about',
  'until',
  'till',
  'til',
  'from',
  'to',
  'before',
  'after',
  'for',
  'since',
  'is',
  'was',
  "it's",
  'its',
  '@',
  '-',
]);

const BUBBLE_TIME = new RegExp(String.raw`\s+(${TIME})(?:\s*${TICKS})?$`);
/** A bubble that holds nothing but its time (the time wrapped onto a line of its own). */
const ONLY_TIME = new RegExp(String.raw`^(${TIME})(?:\s*${TICKS})?$`);

/** The time a messenger prints at the end of a bubble, if that is what ends this text. */
export function withoutBubbleTime(text: string): string {
  const match = BUBBLE_TIME.exec(text);
  if (!match) return ONLY_TIME.test(text.trim()) ? '' : text;
  const before = text.slice(0, match.index).trimEnd();
  const lastWord = before.split(/\s+/).pop()?.toLowerCase() ?? '';
  if (TIME_WORDS.has(lastWord)) return text;
  return before;
}

/**
 * Status-bar pieces: a bare clock time (no AM/PM: phones print none there), the battery's
 * percentage, the network, a carrier, and what tesseract reads the signal and Wi-Fi glyphs as
 * (runs of l, i, I, | and dots, "ul", "al").
 */
const STATUS_TOKEN = new RegExp(
  '^(?:' +
    [
      String.raw`[0-2]?\d[:.][0-5]\d`,
      String.raw`\d{1,3}\s?%`,
      String.raw`(?:LTE|VoLTE|[2345]G[E+]?|H\+?|E|Wi-?Fi|SOS|No\s?Service)`,
      String.raw`(?:Verizon|AT&T|T-Mobile|Vodafone|EE|O2|Three|Orange|Telstra|Rogers|Bell|Mint|Sprint)`,
      String.raw`[lIi|!.,:;'"*=\-_~^°•·<>()\[\]{}]+`,
      String.raw`(?:ul|ull|all|ill|al|il|ail|atl|wl)`,
      String.raw`[@&©®§¢¥€£]+`,
    ].join('|') +
    ')$',
  'i',
);
const HAS_STATUS_SIGN = new RegExp(
  String.raw`(?:^|\s)(?:[0-2]?\d[:.][0-5]\d|\d{1,3}\s?%|LTE|[2345]G[E+]?|Wi-?Fi)(?=\s|$)`,
  'i',
);

const tokensOf = (text: string) =>
  text
    .replace(/(\d)\s+%/g, '$1%')
    .trim()
    .split(/\s+/)
    .filter(Boolean);

/** A line made only of status-bar pieces, with at least one that only a status bar has. */
export function isStatusBar(text: string): boolean {
  const tokens = tokensOf(text);
  return (
    tokens.length > 0 &&
    HAS_STATUS_SIGN.test(text) &&
    tokens.every((token) => STATUS_TOKEN.test(token))
  );
}

/**
 * A line that may be part of a status bar read in pieces: status-bar pieces and misread
 * network names ("TE" for LTE), with at least one real piece ("all TE", never a name "JO").
 */
function isStatusPiece(text: string): boolean {
  const tokens = tokensOf(text);
  const known = tokens.filter((token) => STATUS_TOKEN.test(token));
  return (
    known.length > 0 && tokens.every((token) => known.includes(token) || /^[A-Z]{1,3}$/.test(token))
  );
}

/**
 * How many lines at the top are the status bar: the leading run of status-bar pieces (its
 * blocks are read one by one: the clock, the signal and network, the battery), when one of
 * them is a status bar beyond doubt.
 */
export function statusBarLines(texts: string[]): number {
  let run = 0;
  while (run < texts.length && isStatusPiece(texts[run] ?? '')) run += 1;
  return texts.slice(0, run).some(isStatusBar) ? run : 0;
}

/** Input-bar placeholders of the common messengers, compared lower-case without end dots. */
const PLACEHOLDERS = new Set([
  'message',
  'imessage',
  'text message',
  'text message • sms',
  'text message · sms',
  'type a message',
  'type a message...',
  'write a message',
  'send a message',
  'send message',
  'aa',
  'message...',
  'chat message',
  'rcs message',
  'signal message',
]);

/**
 * An input bar: its placeholder, with at most a few short glyph readings around it (the
 * emoji, camera, attach and microphone icons come out as "©", "@", "+", "Q", "&").
 */
export function isInputBar(text: string): boolean {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const isGlyph = (word: string) => word.length <= 2 && !/^[a-z]{2}$/i.test(word);
  let start = 0;
  let end = words.length;
  while (start < end && start < 2 && isGlyph(words[start] ?? '')) start += 1;
  while (end > start && words.length - end < 3 && isGlyph(words[end - 1] ?? '')) end -= 1;
  const core = words
    .slice(start, end)
    .join(' ')
    .toLowerCase()
    .replace(/[.…]+$/, '');
  return PLACEHOLDERS.has(core) || PLACEHOLDERS.has(`${core}...`);
}

/**
 * Top-level domains a split address may end in. A dot-split piece joins the address only when
 * it is lower case and the whole ends in one of these (or a two-letter country code), so
 * "i went home. then" stays two sentences.
 */
const TLDS = new Set([
  'com',
  'org',
  'net',
  'edu',
  'gov',
  'io',
  'co',
  'app',
  'dev',
  'me',
  'info',
  'biz',
  'xyz',
  'ai',
  'tv',
  'ly',
  'gg',
  'shop',
  'store',
  'online',
  'site',
  'tech',
  'studio',
  'design',
  'agency',
  'email',
  'example',
  'test',
]);

const endsInTld = (domain: string) => {
  const tld = domain.split('.').pop() ?? '';
  return TLDS.has(tld) || /^[a-z]{2}$/.test(tld);
};

/** Domain pieces a dot (maybe with a space after it, as tesseract leaves one) holds together. */
const DOMAIN = String.raw`[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\s?\.\s?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+`;
const LOCAL = String.raw`[A-Za-z0-9_+-]+(?:\s?\.\s?[A-Za-z0-9_+-]+)*`;

const EMAIL = new RegExp(String.raw`(?<![\w.@])(${LOCAL})\s?@\s?(${DOMAIN})(?![\w@])`, 'g');
const WEB = new RegExp(
  String.raw`(?<![\w.])(https?\s?:\s?/\s?/\s?)?(w{2,4})\s?\.\s?(${DOMAIN})((?:/[\w./?=&%#-]*)?)`,
  'gi',
);
const HANDLE = /(^|[\s(]|:\s?)@\s+([A-Za-z_][A-Za-z0-9_.]*[A-Za-z0-9_])(?=$|[\s,.!?)])/g;

const squeeze = (text: string) => text.replace(/\s+/g, '');

/** Emails, web addresses and handles split by the recogniser, made whole again. */
export function joinAddresses(text: string): string {
  return text
    .replace(EMAIL, (whole, local: string, domain: string) => {
      const joined = squeeze(domain);
      return endsInTld(joined) ? `${squeeze(local)}@${joined}` : whole;
    })
    .replace(
      WEB,
      (whole, scheme: string | undefined, _www: string, domain: string, path: string) => {
        const joined = squeeze(domain).toLowerCase();
        if (!endsInTld(joined)) return whole;
        // Tesseract drops or doubles a w of the three: "ww." starts no other word.
        return `${scheme ? squeeze(scheme).toLowerCase() : ''}www.${joined}${path}`;
      },
    )
    .replace(HANDLE, (whole, before: string, name: string) => {
      // "see you @ home" is a sentence; a handle has an underscore, a digit or a dot in it,
      // or stands alone after a label ("Instagram: @ jordan").
      const shaped = /[_\d.]/.test(name) || /^[:(]?$|:\s$/.test(before);
      return shaped ? `${before}@${name}` : whole;
    });
}

/**
 * A transcript without the phone's clutter: status-bar lines before the first real line,
 * input-bar lines after the last, each bubble's time, and every address whole. Lines left
 * empty are dropped.
 */
export function withoutClutter(lines: TranscriptLine[]): TranscriptLine[] {
  const start = statusBarLines(lines.map((line) => line.text));
  let end = lines.length;
  while (end > start && isInputBar(lines[end - 1]?.text ?? '')) end -= 1;
  return lines
    .slice(start, end)
    .map((line) => {
      const text = line.kind === 'page' ? line.text : withoutBubbleTime(line.text);
      return { ...line, text: joinAddresses(text) };
    })
    .filter((line) => line.text.trim() !== '');
}
