/**
 * The history the search bench searches: CHATS chats of MESSAGES_PER_CHAT messages, hers and
 * her bestie's in turn, written from templates with a few hundred words that come up in such
 * talk (people, places, feelings, plans), so words are as unevenly common as in real chats:
 * a few in most messages, most in few. The same every run (a seeded generator).
 */

export const CHATS = 1_000;
export const MESSAGES_PER_CHAT = 50;

/** mulberry32: small, fast and good enough to pick words. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const PEOPLE = [
  'Jake',
  'Liam',
  'Noah',
  'Ethan',
  'Mason',
  'Lucas',
  'Tyler',
  'Dylan',
  'Marcus',
  'Diego',
  'Emma',
  'Olivia',
  'Ava',
  'Sophia',
  'Mia',
  'Chloe',
  'Zoe',
  'Maya',
  'Priya',
  'Aaliyah',
  'my mom',
  'my dad',
  'my sister',
  'my brother',
  'my best friend',
  'my roommate',
  'my boss',
  'my ex',
  'my boyfriend',
  'my girlfriend',
  'my crush',
  'my coach',
  'my teacher',
  'my aunt',
];
const PLACES = [
  'school',
  'work',
  'the gym',
  'the party',
  'the mall',
  'church',
  'practice',
  'the library',
  'the beach',
  'her place',
  'his apartment',
  'the dorm',
  'brunch',
  'the concert',
  'the game',
  'the coffee shop',
  'the airport',
  'dance class',
  'the group chat',
  'the sleepover',
];
const FEELINGS = [
  'anxious',
  'jealous',
  'exhausted',
  'overwhelmed',
  'hurt',
  'embarrassed',
  'lonely',
  'angry',
  'confused',
  'nervous',
  'excited',
  'proud',
  'guilty',
  'insecure',
  'annoyed',
  'hopeful',
  'heartbroken',
  'stressed',
  'ignored',
  'betrayed',
  'grateful',
  'restless',
  'numb',
  'giddy',
];
const THINGS = [
  'exam',
  'essay',
  'job interview',
  'birthday',
  'anniversary',
  'first date',
  'breakup',
  'prom',
  'road trip',
  'internship',
  'audition',
  'tryouts',
  'driving test',
  'presentation',
  'haircut',
  'tattoo',
  'playlist',
  'dress',
  'apology',
  'secret',
  'rumor',
  'screenshot',
  'voice note',
  'story',
  'budget',
  'rent',
  'therapy appointment',
  'sleepover',
  'gift',
  'promise',
];
const ACTS = [
  'texted me',
  'left me on read',
  'ghosted me',
  'called me',
  'unfollowed me',
  'posted about me',
  'lied to me',
  'forgot about me',
  'apologized',
  'asked me out',
  'blocked me',
  'showed up',
  'cancelled on me',
  'told everyone',
  'liked her photo',
  'sent a long paragraph',
];
const WHEN = [
  'last night',
  'this morning',
  'after class',
  'on Friday',
  'over the weekend',
  'yesterday',
  'at lunch',
  'at 2am',
  'right before the test',
  'during practice',
  'all week',
  'again today',
];
const QUESTIONS = [
  'what do I even say',
  'should I text first',
  'am I overreacting',
  'is that a red flag',
  'do I confront them',
  'how do I stop overthinking',
  'what would you do',
  'was I wrong',
  'should I just let it go',
  'how do I tell them',
  'is it weird to care this much',
];
const ADVICE = [
  'take a breath first',
  'write it down before you reply',
  'sleep on it',
  'set a boundary',
  'be honest about how you feel',
  'you do not owe anyone an answer tonight',
  'talk to someone you trust',
  'drink some water and eat something',
  'go for a walk',
  'mute the chat for a bit',
  'make a plan for tomorrow',
  'be as kind to yourself as you are to others',
];

const HERS = [
  (p: Pick) => `${p(PEOPLE)} ${p(ACTS)} ${p(WHEN)} and I feel so ${p(FEELINGS)}`,
  (p: Pick) => `ok so ${p(WHEN)} at ${p(PLACES)} ${p(PEOPLE)} ${p(ACTS)}. ${p(QUESTIONS)}?`,
  (p: Pick) =>
    `my ${p(THINGS)} is ${p(WHEN).replace('last night', 'tomorrow')} and I am ${p(FEELINGS)}`,
  (p: Pick) => `${p(QUESTIONS)}? ${p(PEOPLE)} keeps bringing up the ${p(THINGS)}`,
  (p: Pick) => `honestly I am ${p(FEELINGS)} and ${p(FEELINGS)} about the ${p(THINGS)}`,
  (p: Pick) => `I saw ${p(PEOPLE)} at ${p(PLACES)} ${p(WHEN)}`,
  (p: Pick) => `ugh ${p(PEOPLE)} ${p(ACTS)} after the ${p(THINGS)}`,
  (p: Pick) => `can we talk about ${p(PLACES)}? everyone was there and I felt ${p(FEELINGS)}`,
  (p: Pick) => `thank you, that helps. I think I will ${p(ADVICE)}`,
  () => 'lol',
  (p: Pick) => `wait really? ${p(QUESTIONS)}`,
];
const REPLIES = [
  (p: Pick) => `Oh babe, feeling ${p(FEELINGS)} after that makes total sense. Maybe ${p(ADVICE)}.`,
  (p: Pick) =>
    `Okay first, ${p(ADVICE)}. Then tell me: what do you want to happen with ${p(PEOPLE)}?`,
  (p: Pick) => `That ${p(THINGS)} sounds like a lot. What part of it feels heaviest right now?`,
  (p: Pick) => `I hear you. When ${p(PEOPLE)} ${p(ACTS)}, how did you feel in that moment?`,
  (p: Pick) => `You are not overreacting. It is okay to feel ${p(FEELINGS)}; ${p(ADVICE)}.`,
  (p: Pick) => `Honestly? ${p(ADVICE)}, and ${p(ADVICE)}. You have got this.`,
  (p: Pick) => `Tell me everything about ${p(PLACES)}!`,
  (p: Pick) =>
    `Proud of you for saying that out loud. Want to plan what to say about the ${p(THINGS)}?`,
];

type Pick = <T>(list: readonly T[]) => T;

/** One chat of the history: its title and its messages' text, oldest first. */
export interface CorpusChat {
  title: string;
  messages: string[];
}

/** The whole history, newest chat last. */
export function searchCorpus(chats = CHATS, perChat = MESSAGES_PER_CHAT): CorpusChat[] {
  const random = generator(20_260_101);
  const pick: Pick = (list) => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: chats }, (_, c) => {
    const messages = Array.from({ length: perChat }, (_, m) =>
      m % 2 === 0 ? pick(HERS)(pick) : pick(REPLIES)(pick),
    );
    const title = `${pick(PEOPLE)} and the ${pick(THINGS)}`.replace(/^my /, 'My ');
    // A word found in one chat only: the bench looks for it too.
    messages[perChat - 1] = `${messages[perChat - 1]} (chat ${c})`;
    return { title, messages };
  });
}
