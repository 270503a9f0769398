import { placedFrom, unplacedOf } from './chats';
import type { LocalMessage } from './db';

/**
 * Every message of a chat, in the server's order, then hers still on their way in the order she
 * wrote them (the chat's export reads it: the open chat reads a page at a time, chats.ts).
 */
export async function messagesOf(chatId: string): Promise<LocalMessage[]> {
  const [placed, here] = await Promise.all([
    placedFrom(chatId, -Infinity),
    unplacedOf(chatId).toArray(),
  ]);
  const placedIds = new Set(placed.map((message) => message.id));
  return [...placed, ...here.filter((message) => !placedIds.has(message.id))].sort(inChatOrder);
}

/** Never compares clocks: a device whose clock is hours off still sees each reply in place. */
export function inChatOrder(a: LocalMessage, b: LocalMessage): number {
  if (a.seq !== null && b.seq !== null) return a.seq - b.seq;
  if (a.seq !== null) return -1;
  if (b.seq !== null) return 1;
  return (a.localOrder ?? 0) - (b.localOrder ?? 0);
}
