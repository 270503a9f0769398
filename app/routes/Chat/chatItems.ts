import type { OcrAnalysis } from '@shared/chat';
import type { HelpSituation } from '@shared/safety/resources';
import { helpSituation } from '@shared/safety/situation';
import type { LocalMessage } from '../../db/db';
import type { CrisisReader } from './crisisWarmUp';

const NOT_SENT = 'Not sent. Please try again.';

interface ItemBase {
  id: string;
  timestamp: string;
}

/** What one row of the message list is (CONTRIBUTING.md §9): each kind renders its own way. */
export type ChatItem =
  | (ItemBase & {
      kind: 'message';
      from: 'user' | 'bestie';
      text: string;
      crisis: boolean;
      /** A crisis reply: which help comes first, read from her message it answers. */
      situation: HelpSituation;
      /** The bestie's greeting (answering none of hers), which says she is an AI. */
      greeting: boolean;
      /** A reply's: the ids of her memories it drew on. */
      usedMemories?: string[];
    })
  | (ItemBase & { kind: 'pending'; text: string })
  | (ItemBase & { kind: 'failed'; text: string; failure: string })
  /** `helpCard`: the reply spoke of help, which shows in full beside the teaser. */
  | (ItemBase & { kind: 'teaser'; text: string; helpCard: boolean; situation: HelpSituation })
  /** Help shown on the device after her message that reads as a crisis (no reply needed). */
  | (ItemBase & { kind: 'help'; situation: HelpSituation })
  | (ItemBase & {
      kind: 'ocr';
      from: 'user' | 'bestie';
      text: string;
      imageUrl: string | null;
      extractedText: string | null;
      /** Hers, still on its way (its image may be only on this device). */
      pending: boolean;
      /** The server's analysis (enhanced OCR), else null. */
      enhanced: EnhancedOcr | null;
    });

export interface EnhancedOcr {
  analysis: OcrAnalysis;
  structuredData: Record<string, unknown> | null;
  confidence: number | null;
}

/**
 * One message as a row. `situationOf` reads which help comes first from the text of her
 * message a reply answers (never from the reply's own words); 'support' without it.
 */
export function toChatItem(
  message: LocalMessage,
  situationOf: (replyTo: string | null) => HelpSituation = () => 'support',
): ChatItem {
  const base = { id: message.id, timestamp: message.timestamp };
  const from = message.isUser ? 'user' : 'bestie';
  const isOcr = message.isOCR || message.isEnhancedOCR;
  if (isOcr && message.status !== 'failed' && !(message.isUser && message.replyError)) {
    return ocrItem(message, base, from);
  }
  if (message.isUser && message.status === 'pending') {
    return { ...base, kind: 'pending', text: message.message };
  }
  // Refused by the server, or kept by it while the bestie's reply could not be written.
  const failure = message.status === 'failed' ? (message.failure ?? NOT_SENT) : message.replyError;
  if (message.isUser && failure) {
    return { ...base, kind: 'failed', text: message.message, failure };
  }
  // A crisis reply is always whole, whatever the plan: it is never shown as a teaser.
  if (!message.isUser && message.isTeaser && !message.isCrisis) {
    return {
      ...base,
      kind: 'teaser',
      text: message.message,
      helpCard: message.helpCard === true,
      situation: message.helpCard ? situationOf(message.replyTo) : 'support',
    };
  }
  // Stored first, by the server, for a chat made from the persona picker.
  const greeting =
    !message.isUser && message.seq === 1 && message.replyTo === null && !message.isCrisis;
  return {
    ...base,
    kind: 'message',
    from,
    text: message.message,
    crisis: message.isCrisis,
    situation: message.isCrisis ? situationOf(message.replyTo) : 'support',
    greeting,
    usedMemories: message.usedMemories,
  };
}

function ocrItem(message: LocalMessage, base: ItemBase, from: 'user' | 'bestie'): ChatItem {
  const { imageUrl, extractedText, ocrAnalysis, ocrStructuredData, ocrConfidence } = message;
  const enhanced =
    message.isEnhancedOCR && ocrAnalysis
      ? { analysis: ocrAnalysis, structuredData: ocrStructuredData, confidence: ocrConfidence }
      : null;
  return {
    ...base,
    kind: 'ocr',
    from,
    text: message.message,
    imageUrl,
    extractedText,
    pending: message.isUser && message.status === 'pending',
    enhanced,
  };
}

/** Her messages a reply answers, and those a crisis reply answers (which carries the help). */
function answersOf(messages: LocalMessage[]) {
  const answered = new Set<string>();
  const crisisAnswered = new Set<string>();
  for (const message of messages) {
    if (message.isUser || !message.replyTo) continue;
    answered.add(message.replyTo);
    if (message.isCrisis) crisisAnswered.add(message.replyTo);
  }
  return { answered, crisisAnswered };
}

/**
 * True when the chat holds a message of hers with no reply yet: its help cannot wait, so the
 * chat is not drawn before the crisis reading is in.
 */
export function awaitsCrisisReading(messages: LocalMessage[]): boolean {
  return withoutUnanswered(messages).length < messages.length;
}

/**
 * The messages a chat already drawn shows while the crisis reading is still loading: all but
 * hers with no reply yet, which wait for it (their help cannot be known without it).
 */
export function withoutUnanswered(messages: LocalMessage[]): LocalMessage[] {
  const { answered } = answersOf(messages);
  return messages.filter((message) => !message.isUser || answered.has(message.id));
}

/**
 * The rows of a conversation. After each of her messages that reads as a crisis on this
 * device, a help card follows at once, offline too, unless a crisis reply (which carries the
 * same help) answers it. When unsure, the help stays: a crisis reading that the server answered
 * with an ordinary reply keeps its card.
 *
 * `reader` is null while the crisis reading loads: no message is read yet (the screen waits
 * for it when awaitsCrisisReading). `readAnswered: false` reads only her messages that have no
 * reply yet, the ones whose help cannot wait for the server. The server read the others with
 * these same patterns before answering, so their cards are rare (a server that read them
 * otherwise); the chat screen draws first without them, then reads them too once the patterns
 * are compiled (crisisWarmUp.ts).
 */
export function chatItemsOf(
  messages: LocalMessage[],
  reader: Pick<CrisisReader, 'readCrisis' | 'isUnsafeAnswer'> | null,
  { readAnswered = true }: { readAnswered?: boolean } = {},
): ChatItem[] {
  const { answered, crisisAnswered } = answersOf(messages);
  const situationOf = situationReader(messages);
  let afterCrisisReply = false;
  return messages.flatMap((message): ChatItem[] => {
    const item = toChatItem(message, situationOf);
    if (!message.isUser) afterCrisisReply = message.isCrisis;
    if (!reader || !message.isUser || crisisAnswered.has(message.id)) return [item];
    if (!readAnswered && answered.has(message.id)) return [item];
    const reads =
      reader.readCrisis(message.message).crisis ||
      // After a crisis reply, "no" or "I don't know" to "are you safe?" is a crisis too.
      (afterCrisisReply && reader.isUnsafeAnswer(message.message));
    if (!reads) return [item];
    const situation = helpSituation(message.message);
    return [
      item,
      { id: `help-${message.id}`, timestamp: message.timestamp, kind: 'help', situation },
    ];
  });
}

/** Which help comes first for a reply, read from the text of her message it answers. */
function situationReader(messages: LocalMessage[]) {
  const hers = new Map<string, string>();
  for (const message of messages) if (message.isUser) hers.set(message.id, message.message);
  return (replyTo: string | null): HelpSituation => {
    const text = replyTo === null ? undefined : hers.get(replyTo);
    return text === undefined ? 'support' : helpSituation(text);
  };
}

/**
 * Which help the chat's 'Get help now' shows first: read from its newest crisis (her message
 * read as one, or the message a crisis reply answers), else 'support'.
 */
export function newestSituation(items: ChatItem[]): HelpSituation {
  for (let index = items.length - 1; index >= 0; index -= 1) {
    const item = items[index] as ChatItem;
    if (item.kind === 'help') return item.situation;
    if (item.kind === 'message' && item.crisis) return item.situation;
    if (item.kind === 'teaser' && item.helpCard) return item.situation;
  }
  return 'support';
}

/** True when the chat holds a crisis (her words on this device, or a crisis reply). */
export function hasCrisis(items: ChatItem[]): boolean {
  return items.some((item) => item.kind === 'help' || (item.kind === 'message' && item.crisis));
}
