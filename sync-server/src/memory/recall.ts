import type { Memory } from '@shared/memory';

/**
 * Which of her memories a reply uses, and how the built-in bestie says one back ("How's Emma
 * settling into Lisbon?"). Only what she told: a memory is never stretched into
 * something she did not say.
 */

export type RecalledMemory = Pick<Memory, 'kind' | 'subject' | 'detail' | 'date'>;

/** Memories a prompt carries at most, and their words at most. */
export const MEMORY_PROMPT_LIMIT = 12;
export const MEMORY_PROMPT_CHARS = 1200;

/** The words of a memory that tell who it is to her: "sister", "best friend", "dog". */
const RELATION_WORDS =
  /\b(best friend|friend|sister|brother|mom|mum|mother|dad|father|boyfriend|girlfriend|crush|ex|boss|roommate|cousin|coworker|partner|husband|wife|aunt|uncle|grandma|grandpa|teacher|therapist|daughter|son|dog|cat)\b/;

const ASKS =
  /\b(remember|remind me|again\??|what'?s (his|her|their|my)|who'?s|who is|who was|where|when|what do i have|bet you forgot|guess|do you know|you know who|the (girl|guy|boy|woman|man|person|friend) i (mentioned|told you about|talked about))\b|\?\s*$/;
const ASKS_WHERE = /\bwhere\b/;
const ASKS_WHEN = /\b(when|what do i have|what'?s (on )?(tomorrow|today))\b/;
const ASKS_WHO =
  /\b(who|name|the (girl|guy|boy|woman|man|person) i (mentioned|told you about|talked about))\b/;
const ASKS_LIKE = /\b(favou?rite|what do i (love|like)|obsessed)\b/;
const TRAVEL =
  /\b(trip|travel\w*|flight|flying|pack\w*|vacation|holiday|going|move|moving|visit\w*)\b/;

const lower = (text: string) => text.toLowerCase();
const relationOf = (memory: RecalledMemory) => RELATION_WORDS.exec(lower(memory.detail))?.[1];
const said = (text: string, words: string) =>
  new RegExp(`\\b${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(text);

/** A place she or someone of hers is going, as she said it: "Emma is moving there" → Emma. */
function goerOf(place: RecalledMemory): string | null {
  return /^(.+?) (is|moved) /.exec(place.detail)?.[1] ?? null;
}

/** How much a memory matters to her message: named in it, its relation named, or asked for. */
function scoreOf(text: string, memory: RecalledMemory): number {
  const message = lower(text);
  let score = 0;
  if (said(message, lower(memory.subject))) score += 6;
  // A place someone of hers is going, when she names them ("where is Emma moving?").
  const goer = memory.kind === 'place' ? goerOf(memory) : null;
  if (goer && said(message, lower(goer))) score += 6;
  const relation = relationOf(memory);
  if (relation && said(message, `my ${relation}`)) score += 5;
  if (memory.kind === 'event' && said(message, memory.subject.replace(/^your /, ''))) score += 5;
  if (ASKS.test(message)) {
    if (memory.kind === 'place' && ASKS_WHERE.test(message)) score += 3;
    if (memory.kind === 'event' && ASKS_WHEN.test(message)) score += 3;
    if (memory.kind === 'person' && ASKS_WHO.test(message)) score += 3;
    if (memory.kind === 'like' && ASKS_LIKE.test(message)) score += 4;
  }
  // Her own trip or move, brought up again ("I haven't packed yet").
  if (memory.kind === 'place' && TRAVEL.test(message) && memory.detail.startsWith("you're")) {
    score += 3;
  }
  return score;
}

/**
 * The memories that matter to her message, most first (newest first among equals), then the
 * newest of the rest, within MEMORY_PROMPT_LIMIT and MEMORY_PROMPT_CHARS. `memories` oldest
 * first, as she told them.
 */
export function relevantMemories<M extends RecalledMemory>(text: string, memories: M[]): M[] {
  const ranked = memories
    .map((memory, order) => ({ memory, order, score: scoreOf(text, memory) }))
    .sort((a, b) => b.score - a.score || b.order - a.order);
  const chosen: M[] = [];
  let chars = 0;
  for (const { memory } of ranked) {
    const size = memory.subject.length + memory.detail.length + 4;
    if (chosen.length >= MEMORY_PROMPT_LIMIT || chars + size > MEMORY_PROMPT_CHARS) break;
    chosen.push(memory);
    chars += size;
  }
  return chosen;
}

/**
 * The ids of the memories a reply speaks of (what she can see it drew on): each whose subject
 * the reply names. Only those the reply was given.
 */
export function memoriesSaid(reply: string, memories: (RecalledMemory & { id: string })[]) {
  return memories.filter((memory) => said(reply, memory.subject)).map((memory) => memory.id);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The built-in bestie's words for what she told before, to open her reply with, or '' when
 * her message asks for or touches none of it. A question gets the answer ("Lisbon! Emma is
 * moving there, right?"); a mention gets the memory back ("How's Emma settling into Lisbon?").
 * `memories` as relevantMemories gives them, most relevant first.
 */
export function recallLine(text: string, memories: RecalledMemory[]): string {
  const message = lower(text);
  const scored = memories
    .map((memory) => ({ memory, score: scoreOf(text, memory) }))
    .filter(({ score }) => score >= 3)
    .sort((a, b) => b.score - a.score);
  const top = scored[0]?.memory;
  if (!top) return '';
  const asked = ASKS.test(message);
  switch (top.kind) {
    case 'person': {
      const place = memories.find(
        (memory) => memory.kind === 'place' && goerOf(memory) === top.subject,
      );
      // "Where is Emma moving again?": the place she is going is the answer.
      if (place && asked && ASKS_WHERE.test(message)) {
        return `${place.subject}! ${capitalise(place.detail)}, right?`;
      }
      if (asked) return `Of course I remember: ${top.subject}, ${top.detail}!`;
      if (place?.detail.includes('moving')) {
        return `How's ${top.subject} settling into ${place.subject}?`;
      }
      if (place) return `How's ${top.subject}'s trip to ${place.subject}?`;
      return `${top.subject}, ${top.detail}? Tell me everything.`;
    }
    case 'place': {
      const goer = goerOf(top);
      if (top.detail.startsWith('where')) return `${top.subject}, ${top.detail}!`;
      if (asked) return `${top.subject}! ${capitalise(top.detail)}, right?`;
      if (goer && goer !== 'you') return `How's ${goer} settling into ${top.subject}?`;
      return top.detail.includes('moving')
        ? `The big move to ${top.subject}!`
        : `${top.subject} is so close now!`;
    }
    case 'event':
      return `${capitalise(top.subject)} is ${top.detail}${asked ? ', right?' : ". You've got this!"}`;
    case 'like':
      return `${capitalise(top.subject)}! I remember you love it.`;
    case 'situation':
      return `I remember you've been dealing with ${top.subject}.`;
  }
}
