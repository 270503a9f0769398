import type { SearchableHistory } from '../db/searchable';

/**
 * One thing search can find (CONTRIBUTING.md §9: a union, one kind per source): a chat by its
 * title, or a message by its words. Her memories, when the app keeps them, will be one more
 * kind with a source of their own.
 */
export type SearchDoc = ChatDoc | MessageDoc;

interface DocBase {
  /** Unique across kinds: the kind, then the source's own id. */
  id: string;
  chatId: string;
  /** What is searched and shown: the chat's title, the message's words. */
  text: string;
  /** The bestie of the chat, by name. */
  persona: string;
  /** ISO time: the chat's last change, the message's sending. */
  timestamp: string;
}

export interface ChatDoc extends DocBase {
  kind: 'chat';
}

export interface MessageDoc extends DocBase {
  kind: 'message';
  messageId: string;
  fromHer: boolean;
}

/** The id of a chat's document (its title). */
export const chatDocId = (chatId: string) => `chat:${chatId}`;

/** The title a chat shows under (ChatListItem's): hers, else the bestie's name. */
export const chatTitleOf = (title: string, persona: string) => title || `Chat with ${persona}`;

/**
 * What search can find in her history: each chat with a title, and every message with words
 * of a chat she has (one copy of each, the server's first). Made one at a time as the index
 * takes them, so 50,000 are never made in one go.
 */
export function* documentsOf({ chats, messages }: SearchableHistory): Generator<SearchDoc> {
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
}
