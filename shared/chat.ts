import type { OcrAnalysis } from './chat-schema';

/*
 * The chats API's limits, words, shapes and helpers, without zod: the app's chat screen loads
 * this before its first paint. The request schemas (zod) are in ./chat-schema.
 */
export type { CreateChatBody, OcrAnalysis, SendMessageBody, ChatPageQuery } from './chat-schema';

/** Limits of the chats API. */
export const MESSAGE_MAX_LENGTH = 4000;
export const EXTRACTED_TEXT_MAX_LENGTH = 20_000;
export const CHAT_TITLE_MAX_LENGTH = 60;
/** A teaser shows only the opening of a reply: its first sentence, at most this many characters. */
export const TEASER_MAX_LENGTH = 120;

/**
 * True when her text shows something: whitespace and characters drawn as nothing (zero-width
 * space, joiners, word joiner, BOM, fillers) alone are as empty as no text.
 */
export function hasVisibleText(text: string): boolean {
  return !/^[\s\p{Default_Ignorable_Code_Point}]*$/u.test(text);
}

export const ANALYSIS_TYPES = [
  'general',
  'receipt',
  'business-card',
  'document',
  'social-media',
] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

/** Paging of GET /api/chats/{id}: the newest messages first come in pages. */
export const CHAT_PAGE_DEFAULT_LIMIT = 100;
export const CHAT_PAGE_MAX_LIMIT = 200;

export const chatPageMessages = {
  limit: `limit must be a whole number from 1 to ${CHAT_PAGE_MAX_LIMIT}`,
  before: 'before must be the id of a message in this chat or an ISO timestamp',
} as const;

/** Where a page ends: older than one of the chat's messages, or older than a moment. */
export type PageBefore = { messageId: string } | { time: number };

export interface PersonaRef {
  id: number;
  name: string;
  description: string;
  avatar: string;
}

/** A message as the API shows it (spec §3). */
export interface ChatMessage {
  id: string;
  chatId: string;
  /**
   * Its place in the chat (1, 2, 3, ...), given by the server when it stores the message.
   * Messages are shown in this order, never by comparing clocks.
   */
  seq: number;
  message: string;
  isUser: boolean;
  /** On her message: why the bestie's reply could not be written (send its id again to retry). */
  replyError: string | null;
  /** On a reply: the id of her message it answers. */
  replyTo: string | null;
  timestamp: string;
  avatar: string | null;
  imageUrl: string | null;
  /** True when `message` is only the opening of a reply her plan does not cover. */
  isTeaser: boolean;
  /** A crisis reply: steps out of persona, always in full. */
  isCrisis: boolean;
  /**
   * The app shows the crisis resources card beside this reply. Set on a reply whose text
   * carried crisis help to a message not judged a crisis (a free user still sees only its
   * opening: the help she gets in full is the card's, never the rest of the model's text) and
   * on the kind word that stands in for a limit in care mode.
   */
  helpCard: boolean;
  isOCR: boolean;
  isEnhancedOCR: boolean;
  extractedText: string | null;
  analysisType: AnalysisType | null;
  ocrAnalysis: OcrAnalysis | null;
  ocrStructuredData: Record<string, unknown> | null;
  ocrConfidence: number | null;
  /**
   * On a reply shown in full: the ids of her memories it spoke of, so she can see which (an
   * id of a memory forgotten since finds nothing). Left out when it used none.
   */
  usedMemories?: string[];
}

/** What a message no screenshot came with holds of one: nothing (here, on the server, in a row). */
export const NO_SCREENSHOT = {
  imageUrl: null,
  extractedText: null,
  analysisType: null,
  ocrAnalysis: null,
  ocrStructuredData: null,
  ocrConfidence: null,
} as const;

/** A message with no screenshot, no crisis and no flag but those `fields` set. */
export function plainChatMessage(
  fields: Pick<ChatMessage, 'id' | 'chatId' | 'seq' | 'message' | 'isUser' | 'timestamp'> &
    Partial<ChatMessage>,
): ChatMessage {
  return {
    replyError: null,
    replyTo: null,
    avatar: null,
    isTeaser: false,
    isCrisis: false,
    helpCard: false,
    isOCR: false,
    isEnhancedOCR: false,
    ...NO_SCREENSHOT,
    ...fields,
  };
}

/** An item of GET /api/chats. */
export interface ChatSummary {
  id: string;
  title: string;
  timestamp: string;
  updatedAt: string;
  persona: PersonaRef;
  /**
   * When the chat's care mode ends (ISO time), or null when it is not in care mode: after a
   * crisis signal from her side, for 24 hours, the app pins help and shows no upgrade prompt
   * or subscribe button, and the server shows every reply whole and lifts the free limits.
   */
  careUntil: string | null;
}

/** A chat with its messages (the export has every message; ChatPage one page of them). */
export interface Chat extends ChatSummary {
  messages: ChatMessage[];
}

/**
 * GET /api/chats/{id} and the answer of POST /api/chats: the chat with one page of messages,
 * oldest first within the page. `hasMore`: older messages exist before the first one here;
 * `nextBefore`: then the id of that first (oldest) message, to pass as `before`, else null.
 */
export interface ChatPage extends Chat {
  hasMore: boolean;
  nextBefore: string | null;
}

/** The words she sees when a reply could not be written. */
export const REPLY_FAILED_MESSAGE = "Your bestie couldn't answer just now. Please try again.";

/**
 * GET of this path streams the reply to her message `messageId` as server-sent events
 * (`delta`s, then `reply` or `error`); a reply already written comes at once as `reply`.
 */
export const replyStreamPath = (chatId: string, messageId: string) =>
  `/api/chats/${encodeURIComponent(chatId)}/replies/${encodeURIComponent(messageId)}`;

/**
 * Server-sent events of POST /api/chats/{id}/messages with `Accept: text/event-stream`:
 * `user` (the saved user message), any number of `delta`, then `reply` (the saved reply)
 * or `error` (`{ message, code }`; the user message stays saved, resend the same id to retry).
 */
export type ReplyStreamEvent =
  | { event: 'user'; data: ChatMessage }
  | { event: 'delta'; data: { text: string } }
  | { event: 'reply'; data: ChatMessage }
  | { event: 'error'; data: { message: string; code: string } };

/** Title of a chat: its first user message, on one line, shortened. */
export function chatTitleFrom(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  if (line.length <= CHAT_TITLE_MAX_LENGTH) return line;
  return `${line.slice(0, CHAT_TITLE_MAX_LENGTH - 1).trimEnd()}…`;
}

/** The opening of a reply shown to a plan that does not cover it. */
export function teaserOf(reply: string): string {
  const text = reply.replace(/\s+/g, ' ').trim();
  const sentence = /^.+?[.!?…](?=\s|$)/.exec(text)?.[0] ?? text;
  // A one-sentence reply shows its first half, so a teaser never carries a whole reply.
  const opening = sentence.length < text.length ? sentence : `${firstHalfOfWords(text)}…`;
  if (opening.length <= TEASER_MAX_LENGTH) return opening;
  const cut = opening.slice(0, TEASER_MAX_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 40 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

function firstHalfOfWords(text: string): string {
  const words = text.split(' ');
  if (words.length === 1) return text.slice(0, Math.ceil(text.length / 2));
  return words.slice(0, Math.ceil(words.length / 2)).join(' ');
}
