import { plainChatMessage } from '@shared/chat';
import type { ChatSummary } from '@shared/chat';
import type { readCrisis } from '@shared/safety/crisis';
import { blockOf } from './blocks';
import { db, type LocalChat, type LocalMessage } from './db';
import { helpShownToHandOver } from './helpShown';

/**
 * The chat fields this device keeps (a server chat without its messages), with the server's
 * care mode when it sends one (`careUntil`, read when present).
 */
export function toLocalChat(chat: ChatSummary & { careUntil?: string | null }): LocalChat {
  const { id, title, timestamp, updatedAt, persona, careUntil } = chat;
  return careUntil === undefined
    ? { id, title, timestamp, updatedAt, persona }
    : { id, title, timestamp, updatedAt, persona, careUntil };
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
    ...plainChatMessage({
      id: input.id,
      chatId: input.chatId,
      seq: 0,
      message: input.text,
      isUser: true,
      timestamp: new Date().toISOString(),
      ...input.ocr,
    }),
    // Not placed yet: the server gives it its place when it stores it.
    seq: null,
    status: 'pending',
    localOrder: nextLocalOrder(),
  };
}

/**
 * Logging out leaves nothing of hers on the device. Help shown and not sent yet names nobody:
 * it is handed to the visitor's queue and still counted (helpShown.ts).
 */
export async function clearLocalData(): Promise<void> {
  const waiting = await db.transaction('rw', db.tables, async () => {
    const byDay = await helpShownToHandOver();
    await Promise.all(db.tables.map((table) => table.clear()));
    return byDay;
  });
  // Loaded only now (the chat's first paint does without it), and not waited for: the wipe may
  // be part of a larger transaction (claimDevice), which a wait on anything but IndexedDB
  // would end early.
  if (Object.keys(waiting).length === 0) return;
  void import('../safety/visitorHelpShown').then(({ keepForVisitor }) => keepForVisitor(waiting));
}

/**
 * True while her data here is locked: her session ended without the log-out button
 * (sessionLock.ts). The reads that show her chats ask it first, inside their live queries, so
 * they all show nothing at once, and show her data again once she is back: her history, a
 * chat (a chat not found shows none of its messages), its messages, her drafts.
 */
export async function lockedHere(): Promise<boolean> {
  return (await db.meta.get('lockedAt')) !== undefined;
}

/** Reads for screens (wrap in useLiveQuery). */
export async function chatsNewestFirst(): Promise<LocalChat[]> {
  if (await lockedHere()) return [];
  return db.chats.orderBy('updatedAt').reverse().toArray();
}

/** null when this device does not have the chat (useLiveQuery's undefined means "still reading"). */
export async function findChat(id: string): Promise<LocalChat | null> {
  if (await lockedHere()) return null;
  return (await db.chats.get(id)) ?? null;
}

const ANY = { from: -Infinity, to: Infinity };

/** A chat's blocks of the server's messages (blocks.ts), from block `from` to block `to`. */
const blocksOf = (chatId: string, from = ANY.from, to = ANY.to) =>
  db.messageBlocks.where('[chatId+block]').between([chatId, from], [chatId, to], true, true);

/** A chat's messages the server has placed, by their place (`seq`), from `from` on. */
export async function placedFrom(chatId: string, from: number): Promise<LocalMessage[]> {
  const blocks = await blocksOf(chatId, blockOf(from)).toArray();
  return blocks.flatMap((block) => block.messages).filter((message) => message.seq! >= from);
}

/**
 * Up to `limit` of the newest messages the server has placed before `before` (its `seq`), in
 * chat order: reads blocks back from there only until it has them.
 */
async function placedBefore(chatId: string, limit: number, before = ANY.to) {
  const found: LocalMessage[][] = [];
  let count = 0;
  await blocksOf(chatId, ANY.from, blockOf(before))
    .reverse()
    .until(() => count >= limit)
    .each((block) => {
      const older = block.messages.filter((message) => message.seq! < before);
      found.unshift(older);
      count += older.length;
    });
  return found.flat().slice(-limit);
}

/** Her messages written on this device and not placed by the server since, in her order. */
export const unplacedOf = (chatId: string) =>
  db.messages.where('[chatId+localOrder]').between([chatId, ANY.from], [chatId, ANY.to]);

/** Deletes every message of the chats. Call inside a transaction over messages and blocks. */
export async function deleteMessagesOf(chatIds: string[]): Promise<void> {
  for (const chatId of chatIds) {
    await blocksOf(chatId).delete();
    await unplacedOf(chatId).delete();
  }
}

/** True when the device holds any message of the chat (index probes, nothing read). */
export async function holdsMessages(chatId: string): Promise<boolean> {
  for (const messages of [blocksOf(chatId), unplacedOf(chatId)]) {
    if ((await messages.limit(1).primaryKeys()).length > 0) return true;
  }
  return false;
}

/**
 * Changes one message of a chat wherever the device keeps it, in one transaction: among hers
 * not placed yet, else in the block of the server's that holds `seq` (when her place is not
 * known, every block of the chat, newest first; null: she knows it is not placed). False when
 * the device does not hold it.
 */
export async function updateMessage(
  chatId: string,
  messageId: string,
  changes: Partial<LocalMessage>,
  seq?: number | null,
): Promise<boolean> {
  return db.transaction('rw', db.messages, db.messageBlocks, async () => {
    if ((await db.messages.update(messageId, changes)) > 0) return true;
    if (seq === null) return false;
    const isIt = (message: LocalMessage) => message.id === messageId;
    const blocks =
      seq === undefined ? blocksOf(chatId) : blocksOf(chatId, blockOf(seq), blockOf(seq));
    const block = await blocks
      .reverse()
      .filter((each) => each.messages.some(isIt))
      .first();
    if (!block) return false;
    const messages = block.messages.map((message) =>
      isIt(message) ? { ...message, ...changes } : message,
    );
    await db.messageBlocks.put({ ...block, messages });
    return true;
  });
}

/** How many of a chat's messages the open chat reads at a time. */
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
 * unsent. Reads only the blocks that hold them, whatever the length of the chat.
 */
export async function messagePageOf(chatId: string, fromSeq: number | null): Promise<MessagePage> {
  if (await lockedHere()) return { messages: [], hasOlder: false };
  return db.transaction('r', db.messages, db.messageBlocks, async () => {
    const unsent = await unsentOf(chatId);
    if (fromSeq === null) {
      const newest = await placedBefore(chatId, MESSAGE_PAGE_SIZE + 1);
      const hasOlder = newest.length > MESSAGE_PAGE_SIZE;
      return { messages: [...newest.slice(hasOlder ? 1 : 0), ...unsent], hasOlder };
    }
    const placed = await placedFrom(chatId, fromSeq);
    const oldest = placed[0]?.seq;
    const older = oldest == null ? [] : await placedBefore(chatId, 1, oldest);
    return { messages: [...placed, ...unsent], hasOlder: older.length > 0 };
  });
}

/**
 * Where the page before `seq` begins: the place of the oldest of the MESSAGE_PAGE_SIZE
 * messages older than it, or `seq` itself when there are none.
 */
export async function olderPageStart(chatId: string, seq: number): Promise<number> {
  const older = await placedBefore(chatId, MESSAGE_PAGE_SIZE, seq);
  return older[0]?.seq ?? seq;
}

/**
 * The times of a chat's newest messages (hers unsent among them), back to and including the
 * first one at least `spanMs` older than the newest: all a "chatting for `spanMs`" rule needs
 * to see. Stops reading there, however long the chat.
 */
export function recentTimestampsOf(chatId: string, spanMs: number): Promise<string[]> {
  return db.transaction('r', db.messages, db.messageBlocks, async () => {
    const unsent = (await unsentOf(chatId)).map((message) => message.timestamp);
    const blocks = blocksOf(chatId).reverse();
    const newestPlaced = (await blocks.clone().first())?.messages.at(-1);
    const newest = Math.max(
      ...[...unsent, newestPlaced?.timestamp ?? ''].map(Date.parse).filter(Number.isFinite),
    );
    const times: string[] = [];
    let reached = false;
    await blocks
      .until(() => reached)
      .each((block) => {
        for (let index = block.messages.length - 1; index >= 0 && !reached; index -= 1) {
          const { timestamp } = block.messages[index]!;
          times.push(timestamp);
          reached = Date.parse(timestamp) <= newest - spanMs;
        }
      });
    return [...unsent, ...times];
  });
}

/** Her messages in a chat the server has not placed yet, in the order she wrote them. */
async function unsentOf(chatId: string): Promise<LocalMessage[]> {
  return unplacedOf(chatId)
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
  const block = await blocksOf(chatId)
    .filter((each) => each.messages.some(holdsCrisis))
    .first();
  if (block !== undefined) return true;
  return (await unplacedOf(chatId).filter(holdsCrisis).first()) !== undefined;
}
