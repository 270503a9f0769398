import { z } from 'zod';
import { CHAT_TITLE_MAX_LENGTH, hasVisibleText } from './chat';

/*
 * Her name for a chat, apart from chat-schema.ts: the rename dialog loads this alone, with
 * none of the chat's other schemas or their words.
 */

export const chatTitleMessages = {
  empty: 'Give the chat a name',
  tooLong: `Chat names must be at most ${CHAT_TITLE_MAX_LENGTH} characters`,
} as const;

/** A name she gives a chat: trimmed, something visible, at most CHAT_TITLE_MAX_LENGTH. */
export const chatTitleSchema = z
  .string()
  .trim()
  .refine(hasVisibleText, { error: chatTitleMessages.empty })
  .refine((title) => title.length <= CHAT_TITLE_MAX_LENGTH, { error: chatTitleMessages.tooLong });
