import { z } from 'zod';
import { profileUpdateSchema } from './account-schema';
import { createChatSchema, messageText, sendMessageSchema } from './chat-schema';
import { chatTitleSchema } from './chat-title-schema';
import { memoryFieldsSchema } from './memory-schema';
import { helpShownSchema } from './referrals-schema';
import {
  PULL_COMPACT_MAX_LIMIT,
  PULL_DEFAULT_LIMIT,
  PULL_MAX_LIMIT,
  PUSH_MAX_MUTATIONS,
} from './sync';

/** The sync protocol's request schemas; its limits and answers are in ./sync. */

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

/** Her own name for a chat: the rename the server applies last wins, from any device. */
export const renameChatMutationSchema = z.object({
  id: uuid,
  type: z.literal('renameChat'),
  chatId: uuid,
  title: chatTitleSchema,
});

/**
 * The newest reply of a chat written again (regenerate): the server queues a new reply job,
 * counted toward her replies, and the reply keeps its id and place with the new text.
 */
export const regenerateReplyMutationSchema = z.object({
  id: uuid,
  type: z.literal('regenerateReply'),
  chatId: uuid,
  messageId: uuid,
});

/**
 * Her last message, edited and sent again: the server keeps the new words in its place and
 * writes its reply again (as regenerateReply does).
 */
export const editMessageMutationSchema = z.object({
  id: uuid,
  type: z.literal('editMessage'),
  chatId: uuid,
  messageId: uuid,
  message: messageText,
});

/** A memory of hers as she wrote it in "What your besties remember": an edit, or one she adds. */
export const saveMemoryMutationSchema = z.object({
  id: uuid,
  type: z.literal('saveMemory'),
  memory: memoryFieldsSchema,
});

/** A memory her besties forget (a tombstone on her other devices). */
export const forgetMemoryMutationSchema = z.object({
  id: uuid,
  type: z.literal('forgetMemory'),
  memoryId: uuid,
});

/** "Forget everything": every memory she has. */
export const forgetAllMemoriesMutationSchema = z.object({
  id: uuid,
  type: z.literal('forgetAllMemories'),
});

/** A change to her profile or theme made on the device (online or not); see PATCH /api/users/{id}. */
export const updateProfileMutationSchema = z.object({
  id: uuid,
  type: z.literal('updateProfile'),
  profile: profileUpdateSchema,
});

/**
 * Help cards her device showed on one UTC day (the yearly count): added once to the
 * day's count, with nothing of hers kept. A day too old or ahead of the server is rejected.
 */
export const countHelpShownMutationSchema = helpShownSchema.extend({
  id: uuid,
  type: z.literal('countHelpShown'),
});

export const mutationSchema = z.discriminatedUnion('type', [
  createChatMutationSchema,
  sendMessageMutationSchema,
  deleteChatMutationSchema,
  renameChatMutationSchema,
  regenerateReplyMutationSchema,
  editMessageMutationSchema,
  saveMemoryMutationSchema,
  forgetMemoryMutationSchema,
  forgetAllMemoriesMutationSchema,
  updateProfileMutationSchema,
  countHelpShownMutationSchema,
]);
export type Mutation = z.input<typeof mutationSchema>;
export type MutationType = Mutation['type'];

export const pushBodySchema = z.object({
  mutations: z.array(mutationSchema).max(PUSH_MAX_MUTATIONS),
});
export type PushBody = z.input<typeof pushBodySchema>;

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
