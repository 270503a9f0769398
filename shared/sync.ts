import { z } from 'zod';
import { profileUpdateSchema } from './account';
import type { ApiErrorBody } from './api-error';
import type { ChatMessage, ChatSummary } from './chat';
import { createChatSchema, sendMessageSchema } from './chat';
import type { PublicUser } from './user';

/**
 * The sync protocol (ARCHITECTURE.md, Sync protocol). The client writes locally first and
 * queues a mutation in its outbox; POST /api/sync/push applies each mutation exactly once
 * (by its id) and GET /api/sync/pull hands out every change since a cursor, in pages.
 */

/** Most mutations one push may carry, and the largest page of a pull. */
export const PUSH_MAX_MUTATIONS = 50;
export const PULL_MAX_LIMIT = 1000;
export const PULL_DEFAULT_LIMIT = 500;

const uuid = z.uuid({ error: 'Must be a UUID' });

/** A new chat (with or without her first message); `chat.id` is required so a replay is the same chat. */
export const createChatMutationSchema = z.object({
  id: uuid,
  type: z.literal('createChat'),
  chat: createChatSchema.and(z.object({ id: uuid })),
});

/** Her message in a chat; `message.id` is required so a replay is the same message. */
export const sendMessageMutationSchema = z.object({
  id: uuid,
  type: z.literal('sendMessage'),
  chatId: uuid,
  message: sendMessageSchema.extend({ id: uuid }),
});

export const deleteChatMutationSchema = z.object({
  id: uuid,
  type: z.literal('deleteChat'),
  chatId: uuid,
});

/** A change to her profile or theme made on the device (online or not); see PATCH /api/users/{id}. */
export const updateProfileMutationSchema = z.object({
  id: uuid,
  type: z.literal('updateProfile'),
  profile: profileUpdateSchema,
});

export const mutationSchema = z.discriminatedUnion('type', [
  createChatMutationSchema,
  sendMessageMutationSchema,
  deleteChatMutationSchema,
  updateProfileMutationSchema,
]);
export type Mutation = z.input<typeof mutationSchema>;
export type MutationType = Mutation['type'];

export const pushBodySchema = z.object({
  mutations: z.array(mutationSchema).max(PUSH_MAX_MUTATIONS),
});
export type PushBody = z.input<typeof pushBodySchema>;

/**
 * The largest page of a compact pull (shared/compact-pull.ts): a fresh device takes her whole
 * history in a few round trips and a few Dexie transactions.
 */
export const PULL_COMPACT_MAX_LIMIT = 5000;

/**
 * `format=compact` asks for the compact page (shared/compact-pull.ts), which may be larger;
 * without it the page is a PullAnswer, as it always was.
 */
export const pullQuerySchema = z
  .object({
    cursor: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(PULL_COMPACT_MAX_LIMIT).default(PULL_DEFAULT_LIMIT),
    format: z.enum(['compact']).optional(),
  })
  .refine((query) => query.format === 'compact' || query.limit <= PULL_MAX_LIMIT, {
    path: ['limit'],
    message: `Too big: expected number to be <=${PULL_MAX_LIMIT}`,
  });

export interface Tombstone {
  type: 'chat';
  id: string;
}

/** Rows as the REST API presents them (teasers stay teasers). */
export interface SyncRows {
  chats: ChatSummary[];
  messages: ChatMessage[];
  tombstones: Tombstone[];
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
