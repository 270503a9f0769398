import { voiceOf } from '../../personas/voices';
import { recallLine } from '../../memory/recall';
import type { ReplyProvider, ReplyRequest, SharedScreenshot } from '../types';
import { feelingOf, reflectionOf, topicInContext } from './analyse';
import type { Topic } from './analyse';
import { CARE_LINES, FOLLOW_UPS, LINES } from './lines';
import type { PersonaLines } from './lines';
import { gistOf, kindOf } from './screenshot';
import { longSentences } from '../repetition';
import { SCREENSHOT_LINES } from './screenshotLines';
import type { ScreenshotLines } from './screenshotLines';

/**
 * A number from the seed and a slot name, so the same input gives the same reply: FNV-1a, a
 * spread of 32 bits for picking a line (nothing is kept secret by it), so no hash object is
 * made for each of a reply's picks.
 */
function pickIndex(seed: string, slot: string, length: number): number {
  const text = `${seed}:${slot}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return (hash >>> 0) % length;
}

/** How many earlier replies a line should not come back from, when the bank allows. */
const RECENT_REPLIES = 4;
/** Earlier replies of the chat whose long sentences a reply never says again. */
const EARLIER_REPLIES = 24;
/** Her earlier messages that tell the topic of a short one ("he did it again"). */
const TOPIC_CONTEXT_MESSAGES = 3;
/**
 * The messages of the chat the engine reads: its last EARLIER_REPLIES replies and the
 * messages of hers they answer, with room for a few of hers sent before a reply came.
 */
export const BUILTIN_HISTORY_ROWS = 2 * EARLIER_REPLIES + TOPIC_CONTEXT_MESSAGES + 1;

/**
 * A piece of a line's own words to spot it in an earlier reply: the start of its longest run
 * between placeholders ("{name}, stop it." is known by ", stop it.", not by an empty start).
 */
const stemOf = (line: string) =>
  line
    .split(/\{[a-z]+\}/)
    .reduce((longest, run) => (run.length > longest.length ? run : longest), '')
    .slice(0, 24);

const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);

/** Keeps the short sentences of a line (under LONG_SENTENCE_WORDS words): those may recur. */
const shortPartOf = (line: string) =>
  sentencesOf(line)
    .filter((sentence) => longSentences(sentence).length === 0)
    .join(' ');

/**
 * Picks the lines of one reply. A line, filled in, comes from a seeded place in its bank: the
 * first that says no long sentence (LONG_SENTENCE_WORDS words or more) an earlier reply of the
 * chat or this reply said, preferring one none of the last few replies used at all. When every
 * line of a bank would repeat one, only the short sentences of the first line the last reply did
 * not use are said (none the last reply said), but a line of help (`whole`) is said whole: in
 * care mode, the way to a person comes first.
 */
function linePicker(seed: string, earlierReplies: string[]) {
  const recent = earlierReplies.slice(-RECENT_REPLIES);
  const said = new Set(earlierReplies.flatMap(longSentences));
  const isNew = (shown: string) => longSentences(shown).every((sentence) => !said.has(sentence));
  return (
    bank: readonly string[],
    slot: string,
    fill: (line: string) => string = (line) => line,
    whole = false,
  ) => {
    const start = pickIndex(seed, slot, bank.length);
    const ordered = bank.map((_, step) => bank[(start + step) % bank.length] ?? '');
    const unused = (line: string) => !recent.some((reply) => reply.includes(stemOf(line)));
    // Nor a sentence of the last reply, however short ("I'm so sorry you're hurting.").
    const last = earlierReplies.at(-1) ?? '';
    const notLast = (shown: string) => sentencesOf(shown).every((each) => !last.includes(each));
    const line =
      ordered.find((each) => unused(each) && isNew(fill(each)) && notLast(fill(each))) ??
      ordered.find((each) => isNew(fill(each)) && notLast(fill(each)));
    let shown: string;
    if (line !== undefined) shown = fill(line);
    else {
      const fallback = fill(ordered.find((each) => notLast(fill(each))) ?? ordered[0] ?? '');
      shown = whole
        ? fallback
        : sentencesOf(shortPartOf(fallback))
            .filter((each) => !last.includes(each))
            .join(' ');
    }
    for (const sentence of longSentences(shown)) said.add(sentence);
    return shown;
  };
}

type Pick = ReturnType<typeof linePicker>;

/**
 * The built-in bestie: no model, no network. It reads the topic and feeling of her message,
 * answers in the persona's voice, reflects a few of her words, and asks a follow-up question,
 * never reusing a line of its last reply in the chat (nor of its last few, when it can). A
 * screenshot she shares is answered about what it says (screenshotReply); care mode comes first.
 */
export function composeReply(request: Omit<ReplyRequest, 'signal'>): string {
  const lines: PersonaLines = LINES[request.persona.id] ?? (LINES[1] as PersonaLines);
  const last = request.history.at(-1);
  const text = last?.role === 'user' ? last.content : '';
  // The reply she asked to have written again counts as the last one: none of it is said again.
  const earlierReplies = [
    ...request.history.filter((item) => item.role === 'assistant').map((item) => item.content),
    ...(request.instead === undefined ? [] : [request.instead]),
  ].slice(-EARLIER_REPLIES);
  const turn = request.history.filter((item) => item.role === 'user').length;
  const seed = `${request.seed ?? text}:${turn}`;
  const earlier = request.history.slice(0, -1).filter((item) => item.role === 'user');
  const topic = topicInContext(
    text,
    earlier.slice(-TOPIC_CONTEXT_MESSAGES).map((item) => item.content),
  );
  const feeling = feelingOf(text);
  // Good news is celebrated whatever it is about.
  const subject =
    feeling === 'happy' && topic !== 'hello' && topic !== 'thanks' ? 'goodNews' : topic;
  const pets = voiceOf(request.persona.id).petNames;
  const pet = pets[pickIndex(seed, 'pet', pets.length)] ?? '';
  // Only the name she set; with none, a pet name stands in (never her email).
  const name = request.user.name ? capitalise(request.user.name) : pet;
  const fill = (line: string, reflection = '') =>
    line.replaceAll('{name}', name).replaceAll('{pet}', pet).replaceAll('{r}', reflection);

  const pick = linePicker(seed, earlierReplies);
  // A question from the bank, or a short follow-up once every one of them was asked here.
  const ask = (bank: readonly string[], slot: string) =>
    pick(bank, slot, fill) || pick(FOLLOW_UPS, `${slot}-follow-up`, fill);
  const parts: string[] = [];
  if (request.careMode) {
    // Care mode: gentle, her safety first, a way to a person; her words are not echoed.
    parts.push(pick(lines.openers.sad, 'opener', fill));
    parts.push(pick(CARE_LINES.takes, 'take', undefined, true));
    parts.push(pick(CARE_LINES.questions, 'question', undefined, true));
    return parts.filter(Boolean).join(' ');
  }
  if (request.screenshot) {
    const shotLines =
      SCREENSHOT_LINES[request.persona.id] ?? (SCREENSHOT_LINES[1] as ScreenshotLines);
    const context = { text, subject, pick, ask, lines, shotLines, fill };
    return screenshotReply(request.screenshot, context);
  }
  // What she told before, said back first: asked for, or touched by what she says now.
  const recalled = recallLine(text, request.memories ?? []);
  if (recalled) parts.push(recalled);
  const plain = topic === 'thanks' || (topic === 'hello' && feeling === 'neutral');
  // A greeting or a thank-you needs no opener or reflection, just warmth and a question.
  if (!plain) {
    parts.push(pick(lines.openers[feeling], 'opener', fill));
    const reflection = reflectionOf(text);
    // Her words are mirrored for troubles; good news gets celebrated instead.
    if (reflection && subject !== 'goodNews' && pickIndex(seed, 'reflect', 3) > 0) {
      parts.push(pick(lines.reflections, 'reflection', (line) => fill(line, reflection)));
    }
  }
  parts.push(pick(lines.takes[subject], 'take', fill));
  parts.push(ask(lines.questions[subject], 'question'));
  // Her words may start a sentence inside a line ("Hold on. {r}?!").
  return parts
    .filter(Boolean)
    .map(capitalise)
    .join(' ')
    .replace(
      /([.!?] )([a-z])/g,
      (_match, end: string, letter: string) => end + letter.toUpperCase(),
    );
}

/**
 * A reply to a screenshot she shared: what it is and what it says (its analysis, else the
 * built-in analysis of its text), in her bestie's voice, then a question about it. Its own
 * words never pick the topic (a receipt's "Thank you for your visit" is not thanks to her);
 * a question she typed with it does, and gets its take and question.
 */
function screenshotReply(
  shot: SharedScreenshot,
  props: {
    text: string;
    subject: Topic;
    pick: Pick;
    ask: (bank: readonly string[], slot: string) => string;
    lines: PersonaLines;
    shotLines: ScreenshotLines;
    fill: (line: string) => string;
  },
): string {
  const { pick, ask, shotLines, fill } = props;
  const kind = kindOf(shot);
  const gist = gistOf(shot, kind);
  const typed = props.text.trim();
  const asked = typed !== '' && !shot.text.trim().startsWith(typed);
  const parts = [pick(shotLines.openers[kind], 'shot-opener', fill)];
  if (!gist) {
    parts.push(pick(shotLines.unreadable, 'shot-unreadable', fill));
    return parts.filter(Boolean).map(capitalise).join(' ');
  }
  parts.push(pick(shotLines.gists, 'shot-gist', (line) => line.replace('{s}', gist)));
  if (asked && props.subject !== 'thanks' && props.subject !== 'hello') {
    parts.push(pick(props.lines.takes[props.subject], 'take', fill));
    parts.push(ask(props.lines.questions[props.subject], 'question'));
  } else {
    parts.push(ask(shotLines.questions[kind], 'shot-question'));
  }
  return parts.filter(Boolean).map(capitalise).join(' ');
}

const capitalise = (sentence: string) => sentence.charAt(0).toUpperCase() + sentence.slice(1);

/** Splits a reply into a few pieces, so streaming shows it growing like a model's. */
export function piecesOf(reply: string): string[] {
  const words = reply.split(' ');
  const size = Math.max(3, Math.ceil(words.length / 5));
  const pieces: string[] = [];
  for (let index = 0; index < words.length; index += size) {
    const piece = words.slice(index, index + size).join(' ');
    pieces.push(index + size < words.length ? `${piece} ` : piece);
  }
  return pieces;
}

export function builtinProvider(options: { pieceDelayMs?: number } = {}): ReplyProvider {
  const delay = options.pieceDelayMs ?? 40;
  return {
    name: 'builtin',
    historyRows: BUILTIN_HISTORY_ROWS,
    async *generate(request) {
      for (const piece of piecesOf(composeReply(request))) {
        if (request.signal?.aborted) return;
        yield piece;
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      }
    },
  };
}
