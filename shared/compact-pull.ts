import { z } from 'zod';
import { ANALYSIS_TYPES, ocrAnalysisSchema } from './chat';
import type { ChatMessage, ChatSummary, PersonaRef } from './chat';
import type { PullAnswer } from './sync';

/**
 * The compact form of a pull page (`GET /api/sync/pull?format=compact`), for a device that
 * pulls thousands of rows: rows are tuples (no repeated keys), times are milliseconds (each
 * message's the difference from the one before), chats and personas are named once per page
 * and rows point at them, flags share one number, and fields that are almost always empty
 * travel only when set. `decodePullPage(encodePullPage(page))` is the page itself.
 */
export const COMPACT_PULL_VERSION = 1;

/** The bits of a message's flags number. */
const FLAG = { isUser: 1, isTeaser: 2, isCrisis: 4, isOCR: 8, isEnhancedOCR: 16 } as const;

/** The message fields that are null on nearly every message: sent only when one is set. */
const messageExtraSchema = z
  .object({
    replyError: z.string(),
    imageUrl: z.string(),
    extractedText: z.string(),
    analysisType: z.enum(ANALYSIS_TYPES),
    ocrAnalysis: ocrAnalysisSchema,
    ocrStructuredData: z.record(z.string(), z.unknown()),
    ocrConfidence: z.number(),
  })
  .partial();
type MessageExtra = z.infer<typeof messageExtraSchema>;
const EXTRA_KEYS = Object.keys(messageExtraSchema.shape) as (keyof MessageExtra)[];

const count = z.number().int().min(0);

/** [id, title, created ms, updated ms, index in `personas`] */
const compactChatSchema = z.tuple([z.string(), z.string(), z.number(), z.number(), count]);

/**
 * [id, index in `chatIds`, seq, text, flags, ms after the previous message of the page,
 *  replyTo (null, a message id, or how many rows back in this page it is),
 *  index in `avatars` or null, the set fields of MessageExtra]
 * The last two are left out when null and empty.
 */
const compactMessageSchema = z.tuple([
  z.string(),
  count,
  z.number().int(),
  z.string(),
  count,
  z.number(),
  z.union([z.string(), z.number().int().min(1), z.null()]),
  count.nullable().optional(),
  messageExtraSchema.optional(),
]);
type CompactMessage = z.infer<typeof compactMessageSchema>;

const personaRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  avatar: z.string(),
});

export const compactPullPageSchema = z.object({
  v: z.literal(COMPACT_PULL_VERSION),
  cursor: count,
  hasMore: z.boolean(),
  personas: z.array(personaRefSchema),
  chats: z.array(compactChatSchema),
  chatIds: z.array(z.string()),
  avatars: z.array(z.string()),
  messages: z.array(compactMessageSchema),
  tombstones: z.array(z.string()),
});
export type CompactPullPage = z.infer<typeof compactPullPageSchema>;

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
    if (message[key] !== null) (extra ??= {})[key] = message[key];
  }
  return extra as MessageExtra | undefined;
}

export function encodePullPage(page: PullAnswer): CompactPullPage {
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
    chats: page.chats.map((chat) => [
      chat.id,
      chat.title,
      ms(chat.timestamp),
      ms(chat.updatedAt),
      personas.indexOf(chat.persona),
    ]),
    personas: personas.values,
    chatIds: chatIds.values,
    avatars: avatars.values,
    messages,
    tombstones: page.tombstones.map((tombstone) => tombstone.id),
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
  const page = compactPullPageSchema.parse(body);
  const chats = page.chats.map(([id, title, created, updated, persona]): ChatSummary => ({
    id,
    title,
    timestamp: iso(created),
    updatedAt: iso(updated),
    persona: at(page.personas, persona, 'persona'),
  }));
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
      isOCR: (flags & FLAG.isOCR) !== 0,
      isEnhancedOCR: (flags & FLAG.isEnhancedOCR) !== 0,
      extractedText: extra?.extractedText ?? null,
      analysisType: extra?.analysisType ?? null,
      ocrAnalysis: extra?.ocrAnalysis ?? null,
      ocrStructuredData: extra?.ocrStructuredData ?? null,
      ocrConfidence: extra?.ocrConfidence ?? null,
    });
  }
  return {
    chats,
    messages,
    tombstones: page.tombstones.map((id) => ({ type: 'chat', id })),
    cursor: page.cursor,
    hasMore: page.hasMore,
  };
}
