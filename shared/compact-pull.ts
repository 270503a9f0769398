import { ANALYSIS_TYPES } from './chat';
import type { AnalysisType, ChatMessage, ChatSummary, OcrAnalysis, PersonaRef } from './chat';
import { PULL_COMPACT_MAX_LIMIT } from './sync';
import type { PullAnswer } from './sync';
import { MEMORY_KINDS } from './memory';
import type { Memory } from './memory';

/**
 * The compact form of a pull page (`GET /api/sync/pull?format=compact`), for a device that
 * pulls thousands of rows: rows are tuples (no repeated keys), times are milliseconds (each
 * message's the difference from the one before), chats and personas are named once per page
 * and rows point at them, flags share one number, and fields that are almost always empty
 * travel only when set. `decodePullPage(encodePullPage(page))` is the page itself.
 *
 * The decoder checks every page by hand, without zod: the app's sync engine reads up to 5,000
 * rows a page on a phone, before her chats are there, and loads this before its first paint.
 */
export const COMPACT_PULL_VERSION = 1;

/** The request the app's sync engine makes for the compact page of her changes after `cursor`. */
export const compactPullPath = (cursor: number | string, limit = PULL_COMPACT_MAX_LIMIT): string =>
  `/api/sync/pull?format=compact&cursor=${cursor}&limit=${limit}`;

/** The bits of a message's flags number. */
const FLAG = {
  isUser: 1,
  isTeaser: 2,
  isCrisis: 4,
  isOCR: 8,
  isEnhancedOCR: 16,
  helpCard: 32,
} as const;

/** The message fields that are null on nearly every message: sent only when one is set. */
interface MessageExtra {
  replyError?: string;
  imageUrl?: string;
  extractedText?: string;
  analysisType?: AnalysisType;
  ocrAnalysis?: OcrAnalysis;
  ocrStructuredData?: Record<string, unknown>;
  ocrConfidence?: number;
  usedMemories?: string[];
}

/**
 * [id, title, created ms, updated ms, index in `personas`, careUntil ms]
 * The last is left out when the chat is not in care mode.
 */
type CompactChat = [string, string, number, number, number, number?];

/**
 * [id, index in `chatIds`, seq, text, flags, ms after the previous message of the page,
 *  replyTo (null, a message id, or how many rows back in this page it is),
 *  index in `avatars` or null, the set fields of MessageExtra]
 * The last two are left out when null and empty.
 */
type CompactMessage = [
  string,
  number,
  number,
  string,
  number,
  number,
  string | number | null,
  (number | null)?,
  MessageExtra?,
];

export interface CompactPullPage {
  v: typeof COMPACT_PULL_VERSION;
  cursor: number;
  hasMore: boolean;
  personas: PersonaRef[];
  chats: CompactChat[];
  chatIds: string[];
  avatars: string[];
  messages: CompactMessage[];
  tombstones: string[];
  /** Memories changed (as the default format has them: few, and rare): only when any. */
  memories?: Memory[];
  /** Memories forgotten: only when any. Chat tombstones stay in `tombstones`. */
  forgotten?: string[];
}

/** What each field of MessageExtra must be, to check a page without a schema library. */
const EXTRA_CHECKS: { [Key in keyof Required<MessageExtra>]: (value: unknown) => boolean } = {
  replyError: isString,
  imageUrl: isString,
  extractedText: isString,
  analysisType: (value) => (ANALYSIS_TYPES as readonly unknown[]).includes(value),
  ocrAnalysis: (value) =>
    isRecord(value) &&
    isString(value.type) &&
    isString(value.summary) &&
    isStringArray(value.keyPoints) &&
    isStringArray(value.entities) &&
    isString(value.sentiment),
  ocrStructuredData: isRecord,
  ocrConfidence: isNumber,
  usedMemories: isStringArray,
};
const EXTRA_KEYS = Object.keys(EXTRA_CHECKS) as (keyof MessageExtra)[];

function isString(value: unknown): value is string {
  return typeof value === 'string';
}
function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every(isString);
}

class CompactPageError extends Error {
  constructor(what: string) {
    super(`Compact pull page: ${what}`);
    this.name = 'CompactPageError';
  }
}

function arrayOf<T>(value: unknown, what: string, isItem: (item: unknown) => item is T): T[] {
  if (!Array.isArray(value)) throw new CompactPageError(`${what} is not a list`);
  value.forEach((item, index) => {
    if (!isItem(item)) throw new CompactPageError(`bad ${what} ${index}`);
  });
  return value;
}

function isPersona(value: unknown): value is PersonaRef {
  return (
    isRecord(value) &&
    Number.isInteger(value.id) &&
    isString(value.name) &&
    isString(value.description) &&
    isString(value.avatar)
  );
}

function isCompactChat(value: unknown): value is CompactChat {
  return (
    Array.isArray(value) &&
    (value.length === 5 || value.length === 6) &&
    isString(value[0]) &&
    isString(value[1]) &&
    isNumber(value[2]) &&
    isNumber(value[3]) &&
    isCount(value[4]) &&
    (value.length === 5 || isNumber(value[5]))
  );
}

function isExtra(value: unknown): value is MessageExtra {
  return (
    isRecord(value) &&
    EXTRA_KEYS.every((key) => value[key] === undefined || EXTRA_CHECKS[key](value[key]))
  );
}

function isCompactMessage(value: unknown): value is CompactMessage {
  if (!Array.isArray(value) || value.length < 7 || value.length > 9) return false;
  const [id, chat, seq, text, flags, delta, replyTo, avatar, extra] = value as unknown[];
  return (
    isString(id) &&
    isCount(chat) &&
    Number.isInteger(seq) &&
    isString(text) &&
    isCount(flags) &&
    isNumber(delta) &&
    (replyTo === null ||
      isString(replyTo) ||
      (Number.isInteger(replyTo) && (replyTo as number) >= 1)) &&
    (avatar == null || isCount(avatar)) &&
    (extra === undefined || isExtra(extra))
  );
}

const isDay = (value: unknown) =>
  value === null || (isString(value) && /^\d{4}-\d{2}-\d{2}$/.test(value));
const isTime = (value: unknown) => isString(value) && !Number.isNaN(Date.parse(value));

function isMemory(value: unknown): value is Memory {
  return (
    isRecord(value) &&
    isString(value.id) &&
    (MEMORY_KINDS as readonly unknown[]).includes(value.kind) &&
    isString(value.subject) &&
    isString(value.detail) &&
    isDay(value.date) &&
    (value.personaId === null || Number.isInteger(value.personaId)) &&
    (value.sourceMessageId === null || isString(value.sourceMessageId)) &&
    (value.sourceChatId === null || isString(value.sourceChatId)) &&
    isTime(value.createdAt) &&
    isTime(value.updatedAt)
  );
}

/** The page itself, checked field by field; throws a CompactPageError naming what is wrong. */
export function checkCompactPage(body: unknown): CompactPullPage {
  if (!isRecord(body)) throw new CompactPageError('not an object');
  if (body.v !== COMPACT_PULL_VERSION) throw new CompactPageError(`version ${String(body.v)}`);
  if (!isCount(body.cursor)) throw new CompactPageError('bad cursor');
  if (typeof body.hasMore !== 'boolean') throw new CompactPageError('bad hasMore');
  return {
    v: COMPACT_PULL_VERSION,
    cursor: body.cursor,
    hasMore: body.hasMore,
    personas: arrayOf(body.personas, 'persona', isPersona),
    chats: arrayOf(body.chats, 'chat row', isCompactChat),
    chatIds: arrayOf(body.chatIds, 'chat id', isString),
    avatars: arrayOf(body.avatars, 'avatar', isString),
    messages: arrayOf(body.messages, 'message row', isCompactMessage),
    tombstones: arrayOf(body.tombstones, 'tombstone', isString),
    ...(body.memories === undefined
      ? {}
      : { memories: arrayOf(body.memories, 'memory', isMemory) }),
    ...(body.forgotten === undefined
      ? {}
      : { forgotten: arrayOf(body.forgotten, 'forgotten memory', isString) }),
  };
}

/** Gives each distinct key a number, in order of first use. */
class Dictionary<T> {
  readonly values: T[] = [];
  private readonly index = new Map<string | number, number>();
  constructor(private readonly keyOf: (value: T) => string | number) {}
  indexOf(value: T): number {
    const key = this.keyOf(value);
    let found = this.index.get(key);
    if (found === undefined) {
      found = this.values.push(value) - 1;
      this.index.set(key, found);
    }
    return found;
  }
}

const ms = (iso: string) => Date.parse(iso);
const iso = (time: number) => new Date(time).toISOString();

function flagsOf(message: ChatMessage): number {
  let flags = 0;
  for (const [name, bit] of Object.entries(FLAG)) {
    if (message[name as keyof typeof FLAG]) flags |= bit;
  }
  return flags;
}

function extraOf(message: ChatMessage): MessageExtra | undefined {
  let extra: Record<string, unknown> | undefined;
  for (const key of EXTRA_KEYS) {
    if (message[key] != null) (extra ??= {})[key] = message[key];
  }
  return extra as MessageExtra | undefined;
}

export function encodePullPage(page: PullAnswer): CompactPullPage {
  const forgotten = page.tombstones.flatMap((tombstone) =>
    tombstone.type === 'memory' ? [tombstone.id] : [],
  );
  const personas = new Dictionary<PersonaRef>((persona) => persona.id);
  const chatIds = new Dictionary<string>((id) => id);
  const avatars = new Dictionary<string>((avatar) => avatar);
  const rowOf = new Map<string, number>();
  let previousTime = 0;
  const messages = page.messages.map((message, row): CompactMessage => {
    const time = ms(message.timestamp);
    const replyRow = message.replyTo === null ? undefined : rowOf.get(message.replyTo);
    rowOf.set(message.id, row);
    const tuple: CompactMessage = [
      message.id,
      chatIds.indexOf(message.chatId),
      message.seq,
      message.message,
      flagsOf(message),
      time - previousTime,
      replyRow === undefined ? message.replyTo : row - replyRow,
      message.avatar === null ? null : avatars.indexOf(message.avatar),
      extraOf(message),
    ];
    previousTime = time;
    while (tuple.length > 7 && tuple.at(-1) == null) tuple.pop();
    return tuple;
  });
  return {
    v: COMPACT_PULL_VERSION,
    cursor: page.cursor,
    hasMore: page.hasMore,
    chats: page.chats.map((chat): CompactChat => {
      const tuple: CompactChat = [
        chat.id,
        chat.title,
        ms(chat.timestamp),
        ms(chat.updatedAt),
        personas.indexOf(chat.persona),
      ];
      if (chat.careUntil !== null) tuple.push(ms(chat.careUntil));
      return tuple;
    }),
    personas: personas.values,
    chatIds: chatIds.values,
    avatars: avatars.values,
    messages,
    tombstones: page.tombstones.flatMap((tombstone) =>
      tombstone.type === 'chat' ? [tombstone.id] : [],
    ),
    ...(page.memories && page.memories.length > 0 ? { memories: page.memories } : {}),
    ...(forgotten.length > 0 ? { forgotten } : {}),
  };
}

/** A compact page that points outside its own dictionaries is not a page we sent. */
function at<T>(values: T[], index: number, what: string): T {
  const value = values[index];
  if (value === undefined) throw new Error(`Compact pull page: no ${what} ${index}`);
  return value;
}

/** Validates a compact page and turns it back into the page the default format answers. */
export function decodePullPage(body: unknown): PullAnswer {
  const page = checkCompactPage(body);
  const chats = page.chats.map(
    ([id, title, created, updated, persona, careUntil]): ChatSummary => ({
      id,
      title,
      timestamp: iso(created),
      updatedAt: iso(updated),
      persona: at(page.personas, persona, 'persona'),
      careUntil: careUntil === undefined ? null : iso(careUntil),
    }),
  );
  let time = 0;
  const messages: ChatMessage[] = [];
  for (const [id, chat, seq, text, flags, delta, replyTo, avatar, extra] of page.messages) {
    time += delta;
    messages.push({
      id,
      chatId: at(page.chatIds, chat, 'chat'),
      seq,
      message: text,
      isUser: (flags & FLAG.isUser) !== 0,
      replyError: extra?.replyError ?? null,
      replyTo:
        typeof replyTo === 'number' ? at(messages, messages.length - replyTo, 'row').id : replyTo,
      timestamp: iso(time),
      avatar: avatar == null ? null : at(page.avatars, avatar, 'avatar'),
      imageUrl: extra?.imageUrl ?? null,
      isTeaser: (flags & FLAG.isTeaser) !== 0,
      isCrisis: (flags & FLAG.isCrisis) !== 0,
      helpCard: (flags & FLAG.helpCard) !== 0,
      isOCR: (flags & FLAG.isOCR) !== 0,
      isEnhancedOCR: (flags & FLAG.isEnhancedOCR) !== 0,
      extractedText: extra?.extractedText ?? null,
      analysisType: extra?.analysisType ?? null,
      ocrAnalysis: extra?.ocrAnalysis ?? null,
      ocrStructuredData: extra?.ocrStructuredData ?? null,
      ocrConfidence: extra?.ocrConfidence ?? null,
      ...(extra?.usedMemories ? { usedMemories: extra.usedMemories } : {}),
    });
  }
  return {
    chats,
    messages,
    tombstones: [
      ...page.tombstones.map((id) => ({ type: 'chat' as const, id })),
      ...(page.forgotten ?? []).map((id) => ({ type: 'memory' as const, id })),
    ],
    ...(page.memories ? { memories: page.memories } : {}),
    cursor: page.cursor,
    hasMore: page.hasMore,
  };
}
