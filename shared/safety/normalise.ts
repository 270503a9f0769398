/**
 * The one spelling every crisis pattern reads. Pure string work, safe in the browser.
 *
 * - a capital I after a small letter is an l in disguise ("kiII" → "kill"); lower case; accents stripped (ß → ss), so "não", "tödlich", "réveiller" read "nao", "todlich",
 *   "reveiller";
 * - "od'd" → "overdosed", "w/o" → "without", "&" → "and";
 * - apostrophes: a French elision becomes a space ("j'ai" → "j ai", "d'adieu" → "d adieu"),
 *   any other is dropped ("don't" → "dont", "i'm" → "im");
 * - leetspeak inside words: "su1c1de" → "suicide", "k!ll mys3lf" → "kill myself", "$elf" → "self",
 *   while numbers keep their digits ("20", "1000mg", "5th");
 * - ".", "!", "?", ";" become a " . " sentence mark; every other symbol and emoji is a space;
 * - spaced-out letters join ("s u i c i d e", "k.m.s" → "suicide", "kms");
 * - a letter stretched three times or more is squeezed to two ("dieeee" → "diee").
 */

const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '€': 'e',
};

/** Digits and a unit ("20mg", "5th", "3am"): a number, not leetspeak. */
const NUMBER =
  /^\d+(?:st|nd|rd|th|mg|g|kg|ml|x|k|h|hrs?|mins?|am|pm|s|yo|lbs?|ft|m|km|cm|mm|ish)?$/;
/** Text-speak whose digits are words, not letters. */
const WORDS: Readonly<Record<string, string>> = {
  '2nite': 'tonight',
  '2night': 'tonight',
  '2day': 'today',
  '2morrow': 'tomorrow',
  '2moro': 'tomorrow',
  '2mrw': 'tomorrow',
  '4ever': 'forever',
  '4eva': 'forever',
  b4: 'before',
  gr8: 'great',
  l8r: 'later',
  some1: 'someone',
  any1: 'anyone',
  every1: 'everyone',
  no1: 'noone',
};

/** One token ("k!ll", "su1c1de", "ki11", "$elf", "die!!!") with its leetspeak undone. */
function deLeetToken(token: string): string {
  const word = WORDS[token];
  if (word) return word;
  const core = token.replace(/^[!|]+|[!|]+$/g, '');
  if (!/[a-z]/.test(core) || !/[0-9@$!|€]/.test(core) || NUMBER.test(core)) return token;
  const lead = token.slice(0, token.indexOf(core));
  const tail = token.slice(lead.length + core.length);
  const letters = core.replace(/11/g, 'll').replace(/[013457@$!|€]/g, (ch) => LEET[ch] ?? ch);
  return lead + letters + tail;
}

function deLeet(text: string): string {
  return text.replace(/[a-z0-9@$!|€]+/g, deLeetToken);
}

export function normalise(text: string): string {
  let t = text
    .replace(
      /([a-z])(I+)/g,
      (_all, before: string, ells: string) => before + 'l'.repeat(ells.length),
    )
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  t = t
    .replace(/\bod(?:['’‘ʼ`´]e?d|ed)\b/g, 'overdosed')
    .replace(/\bw\/o\b/g, 'without')
    .replace(/&/g, ' and ')
    .replace(/\b(qu|[cdjlmnst])['’‘ʼ`´](?=[a-z])/g, '$1 ')
    .replace(/['’‘ʼ`´]/g, '');
  t = deLeet(t);
  t = t
    .replace(/\b([a-z])\.(?=[a-z]\b)/g, '$1 ')
    .replace(/[.!?;…]+/g, ' . ')
    .replace(/[^a-z0-9. ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/(^| )([a-z](?: [a-z]){2,})(?= |$)/g, (_all, lead: string, run: string) => {
      return lead + run.replace(/ /g, '');
    })
    .replace(/([a-z])\1{2,}/g, '$1$1')
    .replace(/(?: \.)+/g, ' .')
    .trim();
  return t;
}
