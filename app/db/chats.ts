import type { Chat, ChatMessage, ChatSummary } from '@shared/chat';
import { db, type LocalChat, type LocalMessage } from './db';

function toLocalChat({ id, title, timestamp, updatedAt, persona }: ChatSummary): LocalChat {
  return { id, title, timestamp, updatedAt, persona };
}

/** The server's chat list replaces ours; chats it no longer has are gone here too. */
export async function saveChatList(summaries: ChatSummary[]): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, db.outbox, async () => {
    // A chat made on this device and still waiting in the outbox is not on the server yet.
    const queued = (await db.outbox.toArray()).flatMap(({ mutation }) =>
      mutation.type === 'createChat' ? [mutation.chat.id] : [],
    );
    const keep = new Set([...summaries.map((chat) => chat.id), ...queued]);
    const gone = (await db.chats.toCollection().primaryKeys()).filter((id) => !keep.has(id));
    await db.chats.bulkDelete(gone);
    await db.messages.where('chatId').anyOf(gone).delete();
    await db.chats.bulkPut(summaries.map(toLocalChat));
  });
}

/**
 * One chat as the server has it. Messages are never deleted one by one, so a local message
 * the server did not list (pending here, or newer than this answer) stays. A failed message
 * whose reply never came stays failed so she can retry it.
 */
export async function saveChat(chat: Chat): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, async () => {
    await db.chats.put(toLocalChat(chat));
    const failed = await db.messages
      .where('chatId')
      .equals(chat.id)
      .filter((m) => m.status === 'failed')
      .toArray();
    const last = chat.messages.at(-1);
    await db.messages.bulkPut(
      chat.messages.map((message) => {
        const local = failed.find((m) => m.id === message.id);
        const stillFailed = local && message.id === last?.id && message.isUser;
        return stillFailed
          ? { ...message, status: 'failed', failure: local.failure }
          : { ...message, status: 'sent' };
      }),
    );
  });
}

/** A message the server saved (the user's own, or a bestie's reply); the chat moves up the list. */
export async function saveMessage(message: ChatMessage): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, async () => {
    await db.messages.put({ ...message, status: 'sent' });
    await db.chats.update(message.chatId, { updatedAt: message.timestamp });
  });
}

interface PendingInput {
  id: string;
  chatId: string;
  text: string;
}

/** Her message, shown at once while it travels. Sending it again keeps its place. */
export async function addPendingMessage({ id, chatId, text }: PendingInput): Promise<void> {
  const existing = await db.messages.get(id);
  if (existing) {
    await db.messages.update(id, { status: 'pending', failure: undefined });
    return;
  }
  await db.messages.put(pendingMessage({ id, chatId, text }));
}

/** A message of hers not yet saved by the server. */
export function pendingMessage({ id, chatId, text }: PendingInput): LocalMessage {
  return {
    id,
    chatId,
    message: text,
    isUser: true,
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
    status: 'pending',
  };
}

export async function markMessageFailed(id: string, failure: string): Promise<void> {
  await db.messages.update(id, { status: 'failed', failure });
}

/** A send the server refused outright (a locked bestie): the text goes back to her box. */
export async function removeMessage(id: string): Promise<void> {
  await db.messages.delete(id);
}

export async function deleteLocalChat(id: string): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, async () => {
    await db.chats.delete(id);
    await db.messages.where('chatId').equals(id).delete();
  });
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

export async function messagesOf(chatId: string): Promise<LocalMessage[]> {
  const messages = await db.messages.where('chatId').equals(chatId).toArray();
  return messages.sort(byTime);
}

function byTime(a: LocalMessage, b: LocalMessage): number {
  if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? -1 : 1;
  return Number(b.isUser) - Number(a.isUser);
}
