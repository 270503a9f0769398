import { MESSAGE_MAX_LENGTH } from './chat';

/*
 * What she is told when a message is refused, apart from chat.ts: the chat screen's first load
 * holds chat.ts, and these are read only by the server and by what loads after (editing a
 * message).
 */
export const chatMessages = {
  messageEmpty: 'Message cannot be empty',
  messageTooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
  imageNotHers: 'Image must be one you uploaded',
} as const;
