import Dexie, { type EntityTable, type Table } from 'dexie';
import type { AnalysisType, ChatMessage, OcrAnalysis, PersonaRef } from '@shared/chat';
import type { Memory } from '@shared/memory';
import type { Mutation } from '@shared/sync';
import { intoBlocks } from './blocks';
import { DB_NAME } from './name';

/** Where a message stands on this device: saved by the server, on its way, or refused. */
export type MessageStatus = 'sent' | 'pending' | 'failed';

export interface LocalChat {
  id: string;
  title: string;
  timestamp: string;
  updatedAt: string;
  persona: PersonaRef;
  /**
   * When the server's care mode for this chat ends (ISO), or null. Optional: a
   * server from before care mode sends none. Not indexed, so no schema version.
   */
  careUntil?: string | null;
}

export interface LocalMessage extends Omit<ChatMessage, 'seq'> {
  /** Its place in the chat as the server gave it; null until the server has it. */
  seq: number | null;
  status: MessageStatus;
  /** Why the server refused it, in words she can read (status 'failed'). */
  failure?: string;
  /** The order she wrote it in on this device, for messages the server has not placed yet. */
  localOrder?: number;
  /**
   * A reply she asked to have written again (regenerate) here: hidden while it is, its place
   * taken by the reply on its way, until the server's new text replaces this copy. 'asked'
   * while the request waits in the outbox, 'queued' once the server has it (the new text is
   * then read as it is written). Not indexed, so no schema version.
   */
  rewriting?: 'asked' | 'queued';
}

/**
 * The server's messages of a chat from place `block * 50 + 1` to `block * 50 + 50`, in that
 * order (app/db/blocks.ts): one record for up to 50 messages. Hers not placed yet are in
 * `messages`, one record each.
 */
export interface MessageBlock {
  chatId: string;
  block: number;
  messages: LocalMessage[];
}

/**
 * A screenshot she attached to her next message with 'Use this text': its text (as
 * she left it in the dialog), the image itself and the server's analysis when she has one.
 */
export interface ScreenshotAttachment {
  text: string;
  image: Blob;
  analysisType: AnalysisType;
  enhanced: {
    analysis: OcrAnalysis;
    structuredData: Record<string, unknown>;
    confidence: number;
    imageUrl: string;
  } | null;
  /** 0 to 1. */
  confidence: number;
}

/** Her unsent text in a chat's box (`chatId` is the draft id of a chat not created yet). */
export interface LocalDraft {
  chatId: string;
  text: string;
  /**
   * The screenshot attached to it, kept as the draft is, so a reload keeps it too. Not
   * indexed, so no schema version.
   */
  screenshot?: ScreenshotAttachment;
  updatedAt: number;
}

/** What this device keeps by name: `personas` (./personas.ts). */
export interface LocalSetting {
  key: string;
  value: unknown;
}

/**
 * Sync bookkeeping: `cursor` (last pulled change number), `userId`, `user` (for offline starts),
 * `lockedAt` (when her session ended here, ./sessionLock.ts).
 */
export interface MetaRow {
  key: 'cursor' | 'userId' | 'user' | 'lockedAt';
  value: unknown;
}

/** A mutation waiting to reach the server, in the order she made them (`seq`). */
export interface OutboxEntry {
  seq?: number;
  mutation: Mutation;
  createdAt: number;
  /** Her message whose image (in `images`) must be uploaded before this mutation is pushed. */
  imageOf?: string;
  /**
   * An editMessage's reply (hidden here while it is written again) and her words before the
   * edit, put back should the server refuse it.
   */
  edit?: { replyId: string; before: string };
}

/**
 * The screenshot of an OCR message of hers, kept on the device: shown from here, and
 * uploaded by the sync engine before the message is pushed. `imageUrl` is the server's copy
 * once uploaded (null until then), so a reload between upload and push never uploads twice.
 */
export interface LocalImage {
  messageId: string;
  chatId: string;
  blob: Blob;
  imageUrl: string | null;
}

/**
 * A help card counted on this device (the yearly count), by the key it was counted
 * under (a help card's row, a crisis reply's id), so a re-render or a reload never counts it
 * again; `day` (UTC) lets old keys go.
 */
export interface HelpShownRow {
  key: string;
  day: string;
}

/**
 * The device's copy of her chats (CONTRIBUTING.md §8: this folder is the only code that touches
 * IndexedDB). No version loses a row: version 2 adds drafts, settings, outbox and meta
 * and keeps every chat and message of version 1; version 3 re-pulls for message order;
 * version 5 indexes messages for reading a chat a page at a time; version 6 drops the indexes
 * no query reads; version 7 keeps only indexes that hold the rows they find; version 8 keeps
 * the server's messages in blocks; version 10 adds her memories.
 */
export class BestiesDb extends Dexie {
  chats!: EntityTable<LocalChat, 'id'>;
  /** Hers written on this device and not placed by the server yet. */
  messages!: EntityTable<LocalMessage, 'id'>;
  /** The server's messages, 50 to a record (app/db/blocks.ts). */
  messageBlocks!: Table<MessageBlock, [string, number]>;
  drafts!: EntityTable<LocalDraft, 'chatId'>;
  settings!: EntityTable<LocalSetting, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;
  images!: EntityTable<LocalImage, 'messageId'>;
  helpShown!: EntityTable<HelpShownRow, 'key'>;
  /** What her besties remember of her, as the server last sent it with her edits on top. */
  memories!: EntityTable<Memory, 'id'>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      chats: 'id, updatedAt, persona.id',
      messages: 'id, chatId, timestamp, status',
    });
    this.version(2).stores({
      drafts: 'chatId',
      settings: 'key',
      outbox: '++seq, mutation.id',
      meta: 'key',
    });
    // Version 3: messages carry the server's per-chat order (`seq`). Pulling
    // everything again from cursor 0 gives every stored message its place.
    this.version(3)
      .stores({})
      .upgrade((tx) => tx.table('meta').delete('cursor'));
    // Version 4: screenshots of her OCR messages, kept until and after upload.
    this.version(4).stores({ images: 'messageId, chatId' });
    // Version 5: the open chat reads a page at a time, newest first, by its place
    // (a message with no seq yet is not in [chatId+seq]), and hers still unsent by status.
    this.version(5).stores({
      messages: 'id, chatId, timestamp, status, [chatId+seq], [chatId+status]',
    });
    // Version 6: every index is written with each of the 50,000 rows a fresh
    // device pulls, so only those a query reads are kept. Nothing read messages by `timestamp`
    // or `status` alone, nor chats by persona.
    this.version(6).stores({
      chats: 'id, updatedAt',
      messages: 'id, chatId, [chatId+seq], [chatId+status]',
    });
    // Version 7: a chat's messages are found by two indexes that hold only their
    // own: the server's by their place, [chatId+seq], and hers not placed yet by the order she
    // wrote them, [chatId+localOrder] (a message the server sent has no localOrder, so only the
    // few written here are in it). The indexes of every message by chat and by status go: each
    // cost a write with every one of the 50,000 rows a fresh device pulls.
    this.version(7)
      .stores({ messages: 'id, [chatId+seq], [chatId+localOrder]' })
      .upgrade(async (tx) => {
        // Hers waiting from before localOrder was kept: in the order she wrote them.
        const unplaced = await tx
          .table<LocalMessage>('messages')
          .filter((message) => message.seq === null && message.localOrder === undefined)
          .toArray();
        unplaced.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
        await tx
          .table<LocalMessage>('messages')
          .bulkPut(unplaced.map((message, index) => ({ ...message, localOrder: index + 1 })));
      });
    // Version 8: the server's messages move into blocks of 50, one record each
    // (app/db/blocks.ts): IndexedDB's cost is per record, and a fresh device pulls 50,000
    // messages. Only hers not placed yet stay in `messages`, found by the order she wrote them.
    this.version(8)
      .stores({ messages: 'id, [chatId+localOrder]', messageBlocks: '[chatId+block]' })
      .upgrade(async (tx) => {
        const messages = tx.table<LocalMessage, string>('messages');
        const all = await messages.toArray();
        // A row from before version 3 may have no place at all: it stays as it was (the pull
        // version 3 asked for brings the server's copy, placed).
        const isPlaced = (message: LocalMessage) => Number.isInteger(message.seq);
        await tx.table<MessageBlock>('messageBlocks').bulkPut(intoBlocks(all.filter(isPlaced)));
        // Cleared, and the rest written again: costs less than deleting 50,000 rows one by one.
        await messages.clear();
        await messages.bulkPut(all.filter((message) => !isPlaced(message)));
      });
    // Version 9: the help cards counted here, each once.
    this.version(9).stores({ helpShown: 'key, day' });
    // Version 10: what her besties remember. Pulled again from the start: a page pulled by an
    // app from before memories (open in a tab as the server took them on) skipped them.
    this.version(10)
      .stores({ memories: 'id' })
      .upgrade((tx) => tx.table('meta').delete('cursor'));
  }
}

export const db = new BestiesDb();
