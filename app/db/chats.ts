import type { ChatSummary } from '@shared/chat';
import type { readCrisis } from '@shared/safety/crisis';
import { db, type LocalChat, type LocalMessage } from './db';

/** The chat fields this device keeps (a server chat without its messages). */
export function toLocalChat({ id, title, timestamp, updatedAt, persona }: ChatSummary): LocalChat {
  return { id, title, timestamp, updatedAt, persona };
}

let lastLocalOrder = 0;

/** Increases with every message she writes here, even if the clock steps back. */
function nextLocalOrder(): number {
  lastLocalOrder = Math.max(lastLocalOrder + 1, Date.now());
  return lastLocalOrder;
}

/** The screenshot fields of a message of hers (spec §3), as she sends them. */
export type OcrFields = Pick<
  LocalMessage,
  | 'isOCR'
  | 'isEnhancedOCR'
  | 'imageUrl'
  | 'extractedText'
  | 'analysisType'
  | 'ocrAnalysis'
  | 'ocrStructuredData'
  | 'ocrConfidence'
>;

export function ocrFieldsOf(message: LocalMessage): OcrFields {
  const { isOCR, isEnhancedOCR, imageUrl, extractedText, analysisType } = message;
  const { ocrAnalysis, ocrStructuredData, ocrConfidence } = message;
  return {
    isOCR,
    isEnhancedOCR,
    imageUrl,
    extractedText,
    analysisType,
    ocrAnalysis,
    ocrStructuredData,
    ocrConfidence,
  };
}

/** A message of hers not yet saved by the server. */
export function pendingMessage(input: {
  id: string;
  chatId: string;
  text: string;
  ocr?: OcrFields;
}): LocalMessage {
  return {
    id: input.id,
    chatId: input.chatId,
    seq: null,
    message: input.text,
    isUser: true,
    replyError: null,
    replyTo: null,
    timestamp: new Date().toISOString(),
    avatar: null,
    imageUrl: null,
    isTeaser: false,
    isCrisis: false,
    isOCR: false,
    isEnhancedOCR: false,
    extractedText: null,
    analysisType: null,
    ocrAnalysis: null,
    ocrStructuredData: null,
    ocrConfidence: null,
    ...input.ocr,
    status: 'pending',
    localOrder: nextLocalOrder(),
  };
}

/** Logging out leaves nothing of hers on the device. */
export async function clearLocalData(): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
  });
}

/** Reads for screens (wrap in useLiveQuery). */
export function chatsNewestFirst(): Promise<LocalChat[]> {
  return db.chats.orderBy('updatedAt').reverse().toArray();
}

/** null when this device does not have the chat (useLiveQuery's undefined means "still reading"). */
export async function findChat(id: string): Promise<LocalChat | null> {
  return (await db.chats.get(id)) ?? null;
}

/** A chat's messages the server has placed, by their place (`seq`), from `from` to `to`. */
function placedBetween(chatId: string, from: number, to: number, includeTo = true) {
  return db.messages.where('[chatId+seq]').between([chatId, from], [chatId, to], true, includeTo);
}

const ANY = { from: -Infinity, to: Infinity };

/** Her messages written on this device and not placed by the server since, in her order. */
const writtenHere = (chatId: string) =>
  db.messages.where('[chatId+localOrder]').between([chatId, ANY.from], [chatId, ANY.to]);

/**
 * Every message of a chat, as the two collections that hold them: those the server placed,
 * and hers written here. A message is in one of them, whatever its status.
 */
const chatMessages = (chatId: string) => [
  placedBetween(chatId, ANY.from, ANY.to),
  writtenHere(chatId),
];

/** Deletes every message of the chats. Call inside a transaction over messages. */
export async function deleteMessagesOf(chatIds: string[]): Promise<void> {
  for (const chatId of chatIds) {
    for (const messages of chatMessages(chatId)) await messages.delete();
  }
}

/** True when the device holds any message of the chat (index probes, nothing read). */
export async function holdsMessages(chatId: string): Promise<boolean> {
  for (const messages of chatMessages(chatId)) {
    if ((await messages.limit(1).primaryKeys()).length > 0) return true;
  }
  return false;
}

/** A chat's messages in the server's order, then hers still on their way in the order she wrote them. */
export async function messagesOf(chatId: string): Promise<LocalMessage[]> {
  const [placed, here] = await Promise.all(chatMessages(chatId).map((each) => each.toArray()));
  const placedIds = new Set(placed!.map((message) => message.id));
  return [...placed!, ...here!.filter((message) => !placedIds.has(message.id))].sort(inChatOrder);
}

/** How many of a chat's messages the open chat reads at a time (issue 13). */
export const MESSAGE_PAGE_SIZE = 50;

/** The newest messages of a chat the screen shows, and whether older ones are on the device. */
export interface MessagePage {
  /** In chat order: the server's messages from the page's first on, then hers still unsent. */
  messages: LocalMessage[];
  hasOlder: boolean;
}

/**
 * The open chat as the screen shows it: its newest MESSAGE_PAGE_SIZE messages (`fromSeq`
 * null), or every message from `fromSeq` on once she has read back that far, then hers still
 * unsent. Reads only those rows, through the indexes, whatever the length of the chat.
 */
export function messagePageOf(chatId: string, fromSeq: number | null): Promise<MessagePage> {
  return db.transaction('r', db.messages, async () => {
    const placed =
      fromSeq === null
        ? (
            await placedBetween(chatId, ANY.from, ANY.to)
              .reverse()
              .limit(MESSAGE_PAGE_SIZE)
              .toArray()
          ).reverse()
        : await placedBetween(chatId, fromSeq, ANY.to).toArray();
    const unsent = await unsentOf(chatId);
    const oldest = placed[0]?.seq;
    const older =
      oldest === undefined || oldest === null
        ? []
        : await placedBetween(chatId, ANY.from, oldest, false).limit(1).primaryKeys();
    return { messages: [...placed, ...unsent], hasOlder: older.length > 0 };
  });
}

/**
 * Where the page before `seq` begins: the place of the oldest of the MESSAGE_PAGE_SIZE
 * messages older than it (read as index keys only), or `seq` itself when there are none.
 */
export async function olderPageStart(chatId: string, seq: number): Promise<number> {
  const keys = await placedBetween(chatId, ANY.from, seq, false)
    .reverse()
    .limit(MESSAGE_PAGE_SIZE)
    .keys();
  const oldest = keys.at(-1) as [string, number] | undefined;
  return oldest?.[1] ?? seq;
}

/**
 * The times of a chat's newest messages (hers unsent among them), back to and including the
 * first one at least `spanMs` older than the newest: all a "chatting for `spanMs`" rule needs
 * to see. Stops reading there, however long the chat.
 */
export function recentTimestampsOf(chatId: string, spanMs: number): Promise<string[]> {
  return db.transaction('r', db.messages, async () => {
    const unsent = (await unsentOf(chatId)).map((message) => message.timestamp);
    const placed = placedBetween(chatId, ANY.from, ANY.to).reverse();
    const newestPlaced = await placed.clone().first();
    const newest = Math.max(
      ...[...unsent, newestPlaced?.timestamp ?? ''].map(Date.parse).filter(Number.isFinite),
    );
    const times = await placed
      .until((message) => Date.parse(message.timestamp) <= newest - spanMs, true)
      .toArray();
    return [...unsent, ...times.map((message) => message.timestamp)];
  });
}

/** Her messages in a chat the server has not placed yet, in the order she wrote them. */
async function unsentOf(chatId: string): Promise<LocalMessage[]> {
  return writtenHere(chatId)
    .filter((message) => message.seq === null && message.status !== 'sent')
    .toArray();
}

/**
 * Whether any message of the chat, on the page shown or far above it, is a crisis reply or her
 * words reading as a crisis: the header's help button stays however long the chat has grown.
 * Stops at the first one; a chat without any is read through (off the first paint's path).
 * `read` is the crisis reading (shared/safety/crisis.ts), which the chat screen loads after it.
 */
export async function chatHoldsCrisis(chatId: string, read: typeof readCrisis): Promise<boolean> {
  const holdsCrisis = (message: LocalMessage) =>
    message.isCrisis || (message.isUser && read(message.message).crisis);
  for (const messages of chatMessages(chatId)) {
    if ((await messages.filter(holdsCrisis).first()) !== undefined) return true;
  }
  return false;
}

/** Never compares clocks: a device whose clock is hours off still sees each reply in place. */
export function inChatOrder(a: LocalMessage, b: LocalMessage): number {
  if (a.seq !== null && b.seq !== null) return a.seq - b.seq;
  if (a.seq !== null) return -1;
  if (b.seq !== null) return 1;
  return (a.localOrder ?? 0) - (b.localOrder ?? 0);
}
