import { z } from 'zod';
import { chatMessages } from './chat-messages';
import {
  ANALYSIS_TYPES,
  CHAT_PAGE_DEFAULT_LIMIT,
  CHAT_PAGE_MAX_LIMIT,
  chatPageMessages,
  EXTRACTED_TEXT_MAX_LENGTH,
  hasVisibleText,
  MESSAGE_MAX_LENGTH,
  type PageBefore,
} from './chat';

/** The chats API's request schemas; its limits, words and shapes are in ./chat. */

export const ocrAnalysisSchema = z.object({
  type: z.string().max(40),
  summary: z.string().max(4000),
  keyPoints: z.array(z.string().max(1000)).max(50),
  entities: z.array(z.string().max(500)).max(100),
  sentiment: z.string().max(40),
});
export type OcrAnalysis = z.infer<typeof ocrAnalysisSchema>;

/** The screenshot fields a message may carry (spec §7, OCR variant). */
export const ocrFieldsSchema = z.object({
  isOCR: z.boolean().optional(),
  isEnhancedOCR: z.boolean().optional(),
  imageUrl: z.string().max(2048).nullable().optional(),
  extractedText: z.string().max(EXTRACTED_TEXT_MAX_LENGTH).nullable().optional(),
  analysisType: z.enum(ANALYSIS_TYPES).nullable().optional(),
  ocrAnalysis: ocrAnalysisSchema.nullable().optional(),
  ocrStructuredData: z.record(z.string(), z.unknown()).nullable().optional(),
  ocrConfidence: z.number().min(0).max(1).nullable().optional(),
});

export const messageText = z
  .string({ error: chatMessages.messageEmpty })
  .max(MESSAGE_MAX_LENGTH, chatMessages.messageTooLong)
  .refine(hasVisibleText, chatMessages.messageEmpty);

const clientId = z.uuid({ error: 'Must be a UUID' });

/**
 * POST /api/chats/{id}/messages. `id` is the client-made message id: sending the same id again
 * is the same send (and retries a reply that failed). `isTeaser` is accepted but the server
 * alone decides what is a teaser.
 */
export const sendMessageSchema = ocrFieldsSchema.extend({
  id: clientId.optional(),
  message: messageText,
  isTeaser: z.boolean().optional(),
});
export type SendMessageBody = z.input<typeof sendMessageSchema>;

/**
 * POST /api/chats. `id` is the client-made chat id (a retried create is the same create);
 * `messageId` the id of its first message. With `isEmptyChatCreation` no message is needed.
 * `greetingId` (the persona picker's): a new chat opens with the bestie's greeting
 * (personaGreeting) stored as its first message, with this id.
 */
export const createChatSchema = ocrFieldsSchema
  .extend({
    id: clientId.optional(),
    messageId: clientId.optional(),
    greetingId: clientId.optional(),
    message: z.string().max(MESSAGE_MAX_LENGTH, chatMessages.messageTooLong).optional(),
    isTeaser: z.boolean().optional(),
    personaId: z.number().int().min(1).max(5).optional(),
    isEmptyChatCreation: z.boolean().optional(),
  })
  .refine((body) => body.isEmptyChatCreation || hasVisibleText(body.message ?? ''), {
    message: chatMessages.messageEmpty,
    path: ['message'],
  })
  .refine((body) => body.greetingId === undefined || body.greetingId !== body.messageId, {
    message: 'Must differ from messageId',
    path: ['greetingId'],
  });
export type CreateChatBody = z.input<typeof createChatSchema>;

const isoTimestamp = z.iso
  .datetime({ offset: true })
  .transform((text): PageBefore => ({ time: Date.parse(text) }));
const pageMessageId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/)
  .transform((messageId): PageBefore => ({ messageId }));

/**
 * The query of GET /api/chats/{id}: `limit` (1 to 200, default 100) messages older than
 * `before` (a message id of this chat, or an ISO timestamp); without `before`, the newest.
 */
export const chatPageQuerySchema = z.object({
  limit: z
    .string({ error: chatPageMessages.limit })
    .regex(/^\d{1,3}$/, chatPageMessages.limit)
    .transform(Number)
    .refine((limit) => limit >= 1 && limit <= CHAT_PAGE_MAX_LIMIT, chatPageMessages.limit)
    .optional()
    .transform((limit) => limit ?? CHAT_PAGE_DEFAULT_LIMIT),
  before: z.union([isoTimestamp, pageMessageId], { error: chatPageMessages.before }).optional(),
});
export type ChatPageQuery = z.output<typeof chatPageQuerySchema>;
