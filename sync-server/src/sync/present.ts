import type { SyncRows } from '@shared/sync';
import type { SubscriptionTier } from '@shared/user';
import { personaOf, presentChatSummary, presentMessage } from '../chats/present';
import type { ChatRow, MessageRow } from '../chats/repo';

/**
 * Rows for sync, presented exactly as the REST API presents them (a teaser stays a teaser).
 * A deleted chat is a tombstone. `owners` are the chats the messages belong to.
 */
export function presentRows(props: {
  chats: ChatRow[];
  messages: MessageRow[];
  owners: ChatRow[];
  tier: SubscriptionTier;
  /** Care mode is read at this moment (ms). */
  now: number;
}): SyncRows {
  const owners = new Map(props.owners.map((chat) => [chat.id, chat]));
  for (const chat of props.chats) owners.set(chat.id, chat);
  return {
    chats: props.chats
      .filter((chat) => chat.deletedAt === null)
      .map((chat) => presentChatSummary(chat, props.now)),
    tombstones: props.chats
      .filter((chat) => chat.deletedAt !== null)
      .map((chat) => ({ type: 'chat' as const, id: chat.id })),
    messages: props.messages.flatMap((message) => {
      const chat = owners.get(message.chatId);
      if (!chat || chat.deletedAt !== null) return [];
      return [presentMessage(message, { tier: props.tier, persona: personaOf(chat) })];
    }),
  };
}
