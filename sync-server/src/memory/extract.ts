import {
  MEMORY_DETAIL_MAX_LENGTH,
  MEMORY_KINDS,
  MEMORY_SUBJECT_MAX_LENGTH,
  type MemoryKind,
} from '@shared/memory';

/**
 * The built-in engine's memory: facts she shares, read from her message by rule,
 * each kept as she said it and turned towards her ("my sister Emma" → Emma, your sister). A
 * configured model extracts them itself; these rules are the embedded default. Only what she
 * says of herself and her people is read: never a reply's words, never a guess.
 */

export interface ExtractedMemory {
  kind: MemoryKind;
  /** What it is about, as she wrote it: "Emma", "Lisbon", "your birthday", "matcha". */
  subject: string;
  /** What she said of it, turned towards her: "your best friend", "Emma is moving there". */
  detail: string;
  /** An event's day (YYYY-MM-DD) when she named one the calendar can place, else null. */
  date: string | null;
}

/** The people she may name, as she says them and as the bestie says them back. */
const RELATIONS: Readonly<Record<string, string>> = {
  'best friend': 'best friend',
  bestie: 'best friend',
  bff: 'best friend',
  friend: 'friend',
  sister: 'sister',
  brother: 'brother',
  mom: 'mom',
  mum: 'mum',
  mother: 'mother',
  dad: 'dad',
  father: 'father',
  boyfriend: 'boyfriend',
  girlfriend: 'girlfriend',
  bf: 'boyfriend',
  gf: 'girlfriend',
  crush: 'crush',
  ex: 'ex',
  boss: 'boss',
  roommate: 'roommate',
  cousin: 'cousin',
  coworker: 'coworker',
  'co-worker': 'coworker',
  partner: 'partner',
  husband: 'husband',
  wife: 'wife',
  aunt: 'aunt',
  uncle: 'uncle',
  grandma: 'grandma',
  grandpa: 'grandpa',
  teacher: 'teacher',
  therapist: 'therapist',
  daughter: 'daughter',
  son: 'son',
  dog: 'dog',
  cat: 'cat',
};
const RELATION = `(${Object.keys(RELATIONS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;

/** A name as she writes one: capitalised, one or two words. */
const NAME = "([A-Z][a-zà-ÿ'-]+(?: [A-Z][a-zà-ÿ'-]+)?)";
/** A place: up to three capitalised words ("New York", "Rio de Janeiro" reads "Rio"). */
const PLACE = "([A-Z][a-zà-ÿ'-]+(?: [A-Z][a-zà-ÿ'-]+){0,2})";

/** Capitalised words that are no one's name (a sentence's first word, days, months). */
const NOT_NAMES = new Set(
  (
    'I Im The A An And But So Or If When Then This That It He She They We You My Our Your His Her ' +
    'Today Tomorrow Tonight Yesterday Monday Tuesday Wednesday Thursday Friday Saturday Sunday ' +
    'January February March April May June July August September October November December ' +
    'Christmas Easter Omg Lol Idk Ok Okay Yes No Hi Hey Just Also Like Really Because Is Was'
  ).split(' '),
);

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const EVENTS =
  '(birthday|bday|exam|exams|finals|job interview|interview|first date|date|wedding|graduation|' +
  'recital|audition|surgery|appointment|driving test|test|party|trip|first day|concert|game|' +
  'presentation)';
const WHEN =
  '(today|tonight|tomorrow|next week|next month|this weekend|next weekend|' +
  '(?:on |this |next )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|' +
  '(?:on )?(?:january|february|march|april|may|june|july|august|september|october|november|december) \\d{1,2}(?:st|nd|rd|th)?|' +
  'on the \\d{1,2}(?:st|nd|rd|th)?|in \\w+ (?:days|weeks))';

const isName = (word: string) => !NOT_NAMES.has(word.split(' ')[0]!);
/** A name or place cut at its first word that is no name ("Emma Today" → "Emma"). */
function trimmed(words: string): string | null {
  const kept: string[] = [];
  for (const word of words.split(' ')) {
    if (NOT_NAMES.has(word)) break;
    kept.push(word);
  }
  return kept.length > 0 ? kept.join(' ') : null;
}

type Rule = (text: string, at: Date) => ExtractedMemory[];

const all = (pattern: string, flags = 'g') => new RegExp(pattern, flags);
const matches = (text: string, pattern: RegExp) => [...text.matchAll(pattern)];

/** "my sister Emma", "my best friend is called Emma", "Emma is my best friend". */
const people: Rule = (text) => {
  const found: ExtractedMemory[] = [];
  const relationFirst = all(
    `\\b[Mm]y ${RELATION},? (?:is called |is named |named |called )?${NAME}`,
  );
  for (const [, relation, name] of matches(text, relationFirst)) {
    const subject = trimmed(name!);
    if (subject) found.push(person(subject, relation!));
  }
  const nameFirst = all(`\\b${NAME} (?:is|was) my ${RELATION}\\b`);
  for (const [, name, relation] of matches(text, nameFirst)) {
    const subject = trimmed(name!);
    if (subject && isName(subject)) found.push(person(subject, relation!));
  }
  const someone = all(`\\b(?:a|this) (girl|guy|boy|woman|man) (?:called|named) ${NAME}`);
  for (const [, who, name] of matches(text, someone)) {
    const subject = trimmed(name!);
    if (subject) {
      found.push({ kind: 'person', subject, detail: `a ${who!} you told me about`, date: null });
    }
  }
  return found;
};

function person(subject: string, relation: string): ExtractedMemory {
  const theirs = RELATIONS[relation.toLowerCase()] ?? relation.toLowerCase();
  return { kind: 'person', subject, detail: `your ${theirs}`, date: null };
}

/** Who is going, as the bestie says it back: "you", "Emma", "your sister". */
function whoIs(said: string): string {
  if (/^(I|I'm|I am|we|we're|we are)$/i.test(said)) return 'you';
  const relation = /^[Mm]y (.+?)(?: is)?$/.exec(said)?.[1];
  if (relation) return `your ${RELATIONS[relation.toLowerCase()] ?? relation}`;
  return said.replace(/ (is|are)$/, '');
}

/** "I'm moving to Lisbon", "Emma is moving to Lisbon", "I live in Leeds", "trip to Paris". */
const places: Rule = (text) => {
  const found: ExtractedMemory[] = [];
  const add = (where: string, detail: string) => {
    const subject = trimmed(where);
    if (subject && isName(subject)) found.push({ kind: 'place', subject, detail, date: null });
  };
  const going = all(
    `\\b(I'm|I am|I|we're|we are|we|[Mm]y ${RELATION}(?: is)?|[A-Z][a-z]+(?: is| are)?) ` +
      `(?:(?:going to|about to|gonna) )?(moving|move|moved|relocating|travell?ing|going|flying|heading|off|leaving) (?:to|for) ${PLACE}`,
  );
  for (const [, who, , verb, where] of matches(text, going)) {
    const whom = whoIs(who!);
    if (whom !== 'you' && !whom.startsWith('your ') && !isName(whom)) continue;
    const doing =
      verb === 'moved'
        ? 'moved there'
        : /^(mov|reloc)/.test(verb!)
          ? 'moving there'
          : 'going there';
    const be = whom === 'you' ? "you're" : `${whom} is`;
    add(where!, verb === 'moved' ? `${whom} ${doing}` : `${be} ${doing}`);
  }
  for (const [, where] of matches(
    text,
    all(`\\b(?:I|we) (?:live|'m living|am living|grew up) in ${PLACE}`),
  )) {
    add(where!, 'where you live');
  }
  for (const [, where] of matches(text, all(`\\bI(?:'m| am) from ${PLACE}`))) {
    add(where!, "where you're from");
  }
  for (const [, where] of matches(text, all(`\\b(?:trip|vacation|holiday) to ${PLACE}`))) {
    add(where!, 'your trip');
  }
  return found;
};

/** "my job interview is on Friday", "my birthday is May 3rd", "I have an exam tomorrow". */
const events: Rule = (text, at) => {
  const found: ExtractedMemory[] = [];
  const lower = text.toLowerCase();
  const patterns = [
    all(`\\bmy ${EVENTS} (?:is |was |will be |'s )?${WHEN}\\b`),
    all(`\\bi (?:have|'ve got|got) (?:a |an |my )?${EVENTS} ${WHEN}\\b`),
  ];
  for (const pattern of patterns) {
    for (const [, event, when] of matches(lower, pattern)) {
      found.push({
        kind: 'event',
        subject: `your ${event === 'bday' ? 'birthday' : event}`,
        detail: calendarWords(when!.replace(/^on /, '')),
        date: dayOf(when!, at),
      });
    }
  }
  return found;
};

/** "I love matcha", "I'm obsessed with Taylor Swift": what she likes, not whom she loves. */
const likes: Rule = (text) => {
  const found: ExtractedMemory[] = [];
  const pattern =
    /\bI (?:really |absolutely |just )?(?:love|like|adore|am obsessed with|'m obsessed with|am into|'m into) ([A-Za-z][\w' -]{2,40}?)(?=[.!?,;]|$| and | but | so | because )/g;
  for (const [, what] of matches(text, pattern)) {
    const subject = what!.trim();
    if (
      /^(him|her|them|you|it|that|this|when|how|to|the way|being|my (boyfriend|girlfriend|crush))\b/i.test(
        subject,
      )
    ) {
      continue;
    }
    found.push({ kind: 'like', subject, detail: 'you love it', date: null });
  }
  return found;
};

/** "I'm going through a breakup", "I've been dealing with anxiety". */
const situations: Rule = (text) => {
  const found: ExtractedMemory[] = [];
  const pattern =
    /\bI(?:'m| am|'ve been| have been) (?:going through|dealing with|struggling with) ([\w' -]{3,40}?)(?=[.!?,;]|$| and | but | right now| lately| at the moment)/gi;
  for (const [, what] of matches(text, pattern)) {
    found.push({
      kind: 'situation',
      subject: what!.trim(),
      detail: "what you're going through",
      date: null,
    });
  }
  return found;
};

const RULES: readonly Rule[] = [people, places, events, likes, situations];

/**
 * The facts her message states, each once (the first way it was said), in the order of the
 * rules. `at`: when she sent it, which places "tomorrow" and "on Friday" on the calendar.
 */
export function extractMemories(text: string, at: Date): ExtractedMemory[] {
  const seen = new Set<string>();
  const found: ExtractedMemory[] = [];
  for (const rule of RULES) {
    for (const memory of rule(text, at)) {
      const key = `${memory.kind}:${memory.subject.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push(memory);
    }
  }
  return found;
}

/** Days and months as they are written: "friday" → "Friday", "march 14" → "March 14". */
const calendarWords = (when: string) =>
  when.replace(/[a-z]+/g, (word) =>
    WEEKDAYS.includes(word) || MONTHS.includes(word)
      ? word.charAt(0).toUpperCase() + word.slice(1)
      : word,
  );

/** The day `when` names, counted from `at` (her day, as the server's UTC sees it), else null. */
export function dayOf(when: string, at: Date): string | null {
  const phrase = when.toLowerCase().replace(/^(on|this|next) /, '');
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const plus = (days: number) => new Date(day.getTime() + days * 86_400_000);
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  if (phrase === 'today' || phrase === 'tonight') return iso(day);
  if (phrase === 'tomorrow') return iso(plus(1));
  const weekday = WEEKDAYS.indexOf(phrase);
  if (weekday !== -1) return iso(plus((weekday - day.getUTCDay() + 7) % 7 || 7));
  const dated = /^([a-z]+) (\d{1,2})/.exec(phrase);
  const month = dated ? MONTHS.indexOf(dated[1]!) : -1;
  if (dated && month !== -1) {
    const date = Number(dated[2]);
    let year = day.getUTCFullYear();
    // A day already gone this year is next year's.
    if (Date.UTC(year, month, date) < day.getTime()) year += 1;
    return iso(new Date(Date.UTC(year, month, date)));
  }
  return null;
}

/** Facts a model may give for one message, at most: more is not one message's worth. */
export const MODEL_MEMORY_LIMIT = 10;

/**
 * A model's memories (its structured answer), checked as her own edits are: a known kind,
 * words within the limits, a real day or none. Anything else is left out, never fixed up.
 */
export function readMemories(answer: unknown): ExtractedMemory[] {
  const listed = (answer as { memories?: unknown } | null)?.memories;
  if (!Array.isArray(listed)) throw new Error('The memory extraction answered no list');
  const found: ExtractedMemory[] = [];
  for (const item of listed.slice(0, MODEL_MEMORY_LIMIT)) {
    const { kind, subject, detail, date } = (item ?? {}) as Record<string, unknown>;
    if (!(MEMORY_KINDS as readonly unknown[]).includes(kind)) continue;
    if (typeof subject !== 'string' || typeof detail !== 'string') continue;
    const words = { subject: subject.trim(), detail: detail.trim() };
    if (!words.subject || words.subject.length > MEMORY_SUBJECT_MAX_LENGTH) continue;
    if (!words.detail || words.detail.length > MEMORY_DETAIL_MAX_LENGTH) continue;
    const day =
      typeof date === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(date) &&
      !Number.isNaN(Date.parse(date))
        ? date
        : null;
    found.push({ kind: kind as MemoryKind, ...words, date: day });
  }
  return found;
}
