export const TOPICS = [
  'hello',
  'thanks',
  'goodNews',
  'breakup',
  'crush',
  'crushHurt',
  'friends',
  'family',
  'school',
  'body',
  'money',
  'general',
] as const;
export type Topic = (typeof TOPICS)[number];

export const FEELINGS = ['sad', 'angry', 'anxious', 'happy', 'confused', 'neutral'] as const;
export type Feeling = (typeof FEELINGS)[number];

const TOPIC_PATTERNS: readonly [Topic, RegExp][] = [
  [
    'breakup',
    /\b(broke up|break ?up(?! with)|dumped|my ex|an ex|ex[- ]?(boyfriend|girlfriend|bf|gf)|cheated|cheating|split up|moved on)\b/,
  ],
  // Said without the word: a partner who left her, a love that ended. Before 'crush', which
  // would read "my girlfriend left me" as a crush; "left me on read" is not a breakup.
  [
    'breakup',
    /\b((boyfriend|girlfriend|bf|gf|partner|husband|wife|fianc[eé]e?|he|she) (just |finally |has |had )?(left|walked out on|broke it off with) me(?! on read)|(we|they) (have |had |just )?(ended (things|it)|called it (quits|off)|broke it off|separated)|ended things with (him|her)|(broke|called) it off|(it'?s|it is|we'?re|we are) (so |really )?over( between us)?\b(?! (the|it|this|that))|(it'?s|it is) over with (him|her)|divorc\w*|single again)\b/,
  ],
  [
    'crush',
    /\b(crush|dump (him|her)|leave (him|her)|break up with (him|her)|boyfriend|girlfriend|bf|gf|date|dating|dated|tinder|hinge|bumble|texted|text(ing)? (me )?back|ghost(ed|ing)?|situationship|kiss(ed)?|likes? me|flirt\w*|relationship|partner|husband|wife|romance|love him|love her)\b/,
  ],
  ['friends', /\b(friends?|friendship|bestie|bff|group chat|left out|roommate)\b/],
  [
    'family',
    /\b(mom|mum|mother|dad|father|parents?|sister|brother|sibling|family|grandma|grandpa|aunt|uncle|stepmom|stepdad)\b/,
  ],
  [
    'school',
    /\b(school|class(es)?|exams?|tests?|homework|teacher|professor|college|uni|university|grades?|job|jobs|intern|internship|hired|work|working|boss|manager|co-?workers?|interview|shift|career|deadline|promotion)\b/,
  ],
  [
    'body',
    /\b(body|weight|fat|ugly|skin|acne|looks|mirror|diet|pretty|insecure|insecurity|self[- ]?esteem|confidence|confident|appearance|outfit)\b/,
  ],
  [
    'money',
    /\b(money|rent|broke|debt|bills?|afford|savings|paycheck|salary|budget|loan|spend(ing)?)\b/,
  ],
];

const FEELING_PATTERNS: readonly [Feeling, RegExp][] = [
  [
    'angry',
    /\b(angry|mad|furious|pissed|annoyed|hate|irritated|so done|fed up|livid|rage|disrespect\w*|the nerve)\b/,
  ],
  [
    'sad',
    /\b(sad|ignored|ghosted|left me on read|cry|crying|cried|lonely|alone|hurt|hurts|miss|missing|depressed|down|upset|heartbroken|broken|empty|tired of|unwanted)\b/,
  ],
  [
    'anxious',
    /\b(anxious|anxiety|nervous|worried|worry|scared|panic\w*|stress(ed)?|overthink\w*|afraid|freaking out|terrified)\b/,
  ],
  [
    'confused',
    /\b(confused|confusing|don'?t know|idk|not sure|mixed signals|what should i|should i|what do i do|unsure)\b/,
  ],
  [
    'happy',
    /\b(happy|excited|yay|great|amazing|good news|finally|proud|so good|thrilled|can'?t wait|best day)\b/,
  ],
];

const THANKS =
  /\b(thanks|thank you|thank u|thx|ty|that helps|that helped|helps a (bit|lot)|you'?re the best|love you)\b/;

const HURT =
  /\b(dump|leave (him|her)|break up with|ignor\w*|ghost\w*|left me on read|cheat\w*|lied|lying|hurt|mean to me|yell\w*|disrespect\w*|doesn'?t care|don'?t care|not texting back|didn'?t text|won'?t text|sad|cry\w*|mad|angry|upset)\b/;

const GREETING =
  /^\s*(hi+|hey+|hello+|hiya|yo|heyy+|good (morning|evening|afternoon)|sup|what'?s up)\b[\s!.?,a-z]{0,20}$/;

/** What her message is about; `crushHurt` is a crush or partner who hurt or ignored her. */
export function topicOf(text: string): Topic {
  const lower = text.toLowerCase();
  if (GREETING.test(lower) && lower.length < 30) return 'hello';
  const topic = TOPIC_PATTERNS.find(([, pattern]) => pattern.test(lower))?.[0];
  if (!topic) return THANKS.test(lower) && lower.length < 80 ? 'thanks' : 'general';
  if (topic === 'crush' && HURT.test(lower)) return 'crushHurt';
  return topic;
}

/** The topic of a short follow-up ("I'm nervous though") is the one she was talking about. */
export function topicInContext(text: string, earlierMessages: string[]): Topic {
  const topic = topicOf(text);
  if (topic !== 'general') return topic;
  for (const earlier of [...earlierMessages].reverse()) {
    const before = topicOf(earlier);
    if (before !== 'general' && before !== 'hello' && before !== 'thanks') return before;
  }
  return 'general';
}

export function feelingOf(text: string): Feeling {
  const lower = text.toLowerCase();
  return FEELING_PATTERNS.find(([, pattern]) => pattern.test(lower))?.[0] ?? 'neutral';
}

const SWAPS: Readonly<Record<string, string>> = {
  i: 'you',
  "i'm": "you're",
  im: "you're",
  "i've": "you've",
  "i'd": "you'd",
  "i'll": "you'll",
  me: 'you',
  my: 'your',
  mine: 'yours',
  myself: 'yourself',
  am: 'are',
  was: 'were',
};

/**
 * A few of her own words turned towards her ("my mom ignored me" -> "your mom ignored you"),
 * or undefined when no short clause reads well that way.
 */
export function reflectionOf(text: string): string | undefined {
  const clauses = text
    .replace(/[’‘]/g, "'")
    .split(/[.!?\n;]+|,\s*(?:and|but|so)\s+|\s+(?:but|because)\s+/i)
    .map((clause) => clause.trim())
    .filter(Boolean);
  for (const clause of clauses) {
    const words = clause.split(/\s+/);
    if (words.length < 3 || words.length > 12) continue;
    const lower = words.map((word) => word.toLowerCase());
    if (lower.some((word) => /^(you|your|you're|u|ur|we|us|our)$/.test(word))) continue;
    if (!lower.some((word) => word in SWAPS)) continue;
    const swapped = words.map((word, index) => {
      const key = lower[index] ?? '';
      const bare = key.replace(/[^a-z']/g, '');
      if (bare === 'was' && !/^(i|he|she|it)$/.test(lower[index - 1] ?? '')) return word;
      if (bare === 'was') return lower[index - 1] === 'i' ? 'were' : word;
      const swap = SWAPS[bare];
      return swap ? word.toLowerCase().replace(bare, swap) : word;
    });
    return swapped.join(' ').replace(/^[A-Z](?![A-Z])/, (first) => first.toLowerCase());
  }
  return undefined;
}
