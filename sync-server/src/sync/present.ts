import type { SyncRows } from '@shared/sync';
import type { SubscriptionTier } from '@shared/user';
import { personaOf, presentChatSummary, presentMessage } from '../chats/present';
import type { ChatRow, MessageRow } from '../chats/repo';
import type { MemoryRow } from '../memory/repo';
import { presentMemory } from '../memory/service';

/**
 * Rows for sync, presented exactly as the REST API presents them (a teaser stays a teaser).
 * A deleted chat, and a forgotten memory, is a tombstone. `owners` are the chats the messages
 * belong to. `memories` is there only when there are some.
 */
export function presentRows(props: {
  chats: ChatRow[];
  messages: MessageRow[];
  memories?: MemoryRow[];
  owners: ChatRow[];
  tier: SubscriptionTier;
  /** Care mode is read at this moment (ms). */
  now: number;
}): SyncRows {
  const owners = new Map(props.owners.map((chat) => [chat.id, chat]));
  const memories = props.memories ?? [];
  const remembered = memories.filter((memory) => memory.deletedAt === null).map(presentMemory);
  for (const chat of props.chats) owners.set(chat.id, chat);
  return {
    chats: props.chats
      .filter((chat) => chat.deletedAt === null)
      .map((chat) => presentChatSummary(chat, props.now)),
    tombstones: [
      ...props.chats
        .filter((chat) => chat.deletedAt !== null)
        .map((chat) => ({ type: 'chat' as const, id: chat.id })),
      ...memories
        .filter((memory) => memory.deletedAt !== null)
        .map((memory) => ({ type: 'memory' as const, id: memory.id })),
    ],
    messages: props.messages.flatMap((message) => {
      const chat = owners.get(message.chatId);
      if (!chat || chat.deletedAt !== null) return [];
      return [presentMessage(message, { tier: props.tier, persona: personaOf(chat) })];
    }),
    ...(remembered.length > 0 ? { memories: remembered } : {}),
  };
}
