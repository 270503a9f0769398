import Dexie, { type EntityTable } from 'dexie';
import type { ChatMessage, PersonaRef } from '../../shared/chat';

/** Where a message stands on this device: saved by the server, on its way, or not delivered. */
export type MessageStatus = 'sent' | 'pending' | 'failed';

export interface LocalChat {
  id: string;
  title: string;
  timestamp: string;
  updatedAt: string;
  persona: PersonaRef;
}

export interface LocalMessage extends ChatMessage {
  status: MessageStatus;
  /** Why a failed message failed, in words she can read. */
  failure?: string;
}

/**
 * The device's copy of her chats (STYLE.md §8: this folder is the only code that touches
 * IndexedDB). Versions only ever add: issue 5 adds drafts, outbox and meta as version 2.
 */
export class BestiesDb extends Dexie {
  chats!: EntityTable<LocalChat, 'id'>;
  messages!: EntityTable<LocalMessage, 'id'>;

  constructor(name = 'besties') {
    super(name);
    this.version(1).stores({
      chats: 'id, updatedAt, persona.id',
      messages: 'id, chatId, timestamp, status',
    });
  }
}

export const db = new BestiesDb();
