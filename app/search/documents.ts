import type { Memory } from '@shared/memory';
import { personaById } from '@shared/personas';
import type { SearchableHistory } from '../db/searchable';

/**
 * One thing search can find (CONTRIBUTING.md §9: a union, one kind per source): a chat by its
 * title, a message by its words, or a memory by what it is about and what is kept of it.
 */
export type SearchDoc = ChatDoc | MessageDoc | MemoryDoc;

interface DocBase {
  /** Unique across kinds: the kind, then the source's own id. */
  id: string;
  /** What is searched: the chat's title, the message's words, the memory's line. */
  text: string;
  /** ISO time: the chat's last change, the message's sending, the memory's last edit. */
  timestamp: string;
}

interface InChat extends DocBase {
  chatId: string;
  /** The bestie of the chat, by name. */
  persona: string;
}

export interface ChatDoc extends InChat {
  kind: 'chat';
}

export interface MessageDoc extends InChat {
  kind: 'message';
  messageId: string;
  fromHer: boolean;
}

export interface MemoryDoc extends DocBase {
  kind: 'memory';
  memoryId: string;
  /** Shown apart, each with its words marked; `text` is both ("Emma: your best friend"). */
  subject: string;
  detail: string;
  /** The one bestie who remembers it, by name; null: every bestie does. */
  persona: string | null;
}

/** The id of a chat's document (its title). */
export const chatDocId = (chatId: string) => `chat:${chatId}`;

/** The title a chat shows under (ChatListItem's): hers, else the bestie's name. */
export const chatTitleOf = (title: string, persona: string) => title || `Chat with ${persona}`;

const memoryDocOf = (memory: Memory): MemoryDoc => ({
  kind: 'memory',
  id: `memory:${memory.id}`,
  memoryId: memory.id,
  subject: memory.subject,
  detail: memory.detail,
  // As memoryLine reads it, written out: importing shared/memory here would give it a chunk of
  // its own, one more name in the list of files /chat's first load carries.
  text: `${memory.subject}: ${memory.detail}`,
  persona: memory.personaId === null ? null : (personaById(memory.personaId)?.name ?? null),
  timestamp: memory.updatedAt,
});

/**
 * What search can find in her history: each chat with a title, every message with words of a
 * chat she has (one copy of each, the server's first), and every memory. Made one at a time as
 * the index takes them, so 50,000 are never made in one go.
 */
export function* documentsOf({
  chats,
  messages,
  memories,
}: SearchableHistory): Generator<SearchDoc> {
  const personaOf = new Map<string, string>();
  for (const chat of chats) {
    personaOf.set(chat.id, chat.persona.name);
    if (chat.title.trim() === '') continue;
    yield {
      kind: 'chat',
      id: chatDocId(chat.id),
      chatId: chat.id,
      text: chat.title,
      persona: chat.persona.name,
      timestamp: chat.updatedAt || chat.timestamp,
    };
  }
  const seen = new Set<string>();
  for (const message of messages) {
    const persona = personaOf.get(message.chatId);
    if (persona === undefined || seen.has(message.id) || message.message.trim() === '') continue;
    seen.add(message.id);
    yield {
      kind: 'message',
      id: `message:${message.id}`,
      chatId: message.chatId,
      messageId: message.id,
      text: message.message,
      persona,
      timestamp: message.timestamp,
      fromHer: message.isUser,
    };
  }
  for (const memory of memories) yield memoryDocOf(memory);
}
