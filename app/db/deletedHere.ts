import { db } from './db';

/**
 * The chats she deleted here whose deletion the server has not taken yet (their deleteChat
 * still in the outbox). Its own module: the landing page loads it, the chat screen never.
 */
export async function chatsBeingDeleted(): Promise<Set<string>> {
  const entries = await db.outbox.toArray();
  return new Set(
    entries.flatMap(({ mutation }) => (mutation.type === 'deleteChat' ? [mutation.chatId] : [])),
  );
}
