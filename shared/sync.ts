import type { ApiErrorBody } from './api-error';
import type { ChatMessage, ChatSummary } from './chat';
import type { Memory } from './memory';
import type { PublicUser } from './user';

export type { Mutation, MutationType, PushBody } from './sync-schema';

/**
 * The sync protocol (ARCHITECTURE.md, Sync protocol). The client writes locally first and
 * queues a mutation in its outbox; POST /api/sync/push applies each mutation exactly once
 * (by its id) and GET /api/sync/pull hands out every change since a cursor, in pages.
 * Its limits and answers are here, without zod (the app's sync engine loads them); the
 * request schemas are in ./sync-schema.
 */

/** Most mutations one push may carry, and the largest page of a pull. */
export const PUSH_MAX_MUTATIONS = 50;
export const PULL_MAX_LIMIT = 1000;
export const PULL_DEFAULT_LIMIT = 500;

/**
 * The largest page of a compact pull (shared/compact-pull.ts): a fresh device takes her whole
 * history in a few round trips and a few Dexie transactions.
 */
export const PULL_COMPACT_MAX_LIMIT = 5000;

/** A deleted chat, or a memory she had her besties forget. */
export interface Tombstone {
  type: 'chat' | 'memory';
  id: string;
}

/** Rows as the REST API presents them (teasers stay teasers). */
export interface SyncRows {
  chats: ChatSummary[];
  messages: ChatMessage[];
  tombstones: Tombstone[];
  /** What her besties remember of her, changed: only when there are any. */
  memories?: Memory[];
}

/**
 * What became of one mutation. `rejected` is final (the same mutation id always answers the
 * same); `retry` means nothing final happened yet (the server failed unexpectedly) and
 * the client should push it again later, keeping its place in the outbox.
 */
export interface MutationResult {
  id: string;
  status: 'applied' | 'rejected' | 'retry';
  error?: ApiErrorBody & { status: number };
  rows: SyncRows;
  /** After an applied updateProfile: her account as it now is. */
  user?: PublicUser;
}

export interface PushAnswer {
  results: MutationResult[];
}

export interface PullAnswer extends SyncRows {
  /** Pass back as `cursor` for the next page or the next pull. */
  cursor: number;
  hasMore: boolean;
}

/**
 * Live sync (ARCHITECTURE.md, Live sync): each signed-in device keeps this server-sent events
 * stream open, and the server sends `changed` when her rows change; the device then pulls (the
 * pull stays the one way in). The event carries her change sequence number, never her data.
 */
export const SYNC_EVENTS_PATH = '/api/sync/events';
export const SYNC_CHANGED_EVENT = 'changed';

/**
 * Sent once, as the stream closes, when the session it was opened with has ended (signed out
 * from another device, a password reset, the account deleted, or expired): the device asks
 * for her account, learns it is signed out, and stops. No data.
 */
export const SYNC_ENDED_EVENT = 'ended';

export interface SyncChangedEvent {
  /** Her change sequence number when the event was sent: a pull from an older cursor is due. */
  seq: number;
  /** Her account changed (profile, theme, picture, plan): the device fetches it again. */
  account?: true;
}
