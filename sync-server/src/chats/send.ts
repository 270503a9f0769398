import { randomUUID } from 'node:crypto';
import { chatTitleFrom } from '@shared/chat';
import type { OcrAnalysis, AnalysisType } from '@shared/chat';
import type { Persona } from '@shared/personas';
import type { SubscriptionTier } from '@shared/user';
import type { Deps } from '../deps';
import { conflict } from '../http/errors';
import * as repo from './repo';
import type { ChatRow, MessageRow } from './repo';
import { findOwnChat, usablePersona } from './service';

/** Her message as the API received it (sendMessageSchema or createChatSchema). */
export interface IncomingMessage {
  id?: string;
  message: string;
  isOCR?: boolean;
  isEnhancedOCR?: boolean;
  imageUrl?: string | null;
  extractedText?: string | null;
  analysisType?: AnalysisType | null;
  ocrAnalysis?: OcrAnalysis | null;
  ocrStructuredData?: Record<string, unknown> | null;
  ocrConfidence?: number | null;
}

export interface AcceptedMessage {
  chat: ChatRow;
  persona: Persona;
  userMessage: MessageRow;
  /** Already stored when this send is a repeat of one that got its reply. */
  reply: MessageRow | undefined;
  /** False when the same message id was sent before. */
  isNew: boolean;
}

/**
 * Saves her message in her chat (404 / 403 first). The same message id again is the same
 * send: the stored message and, when there is one, its stored reply come back.
 */
export function acceptMessage(
  deps: Deps,
  props: { userId: string; tier: SubscriptionTier; chatId: string; message: IncomingMessage },
): AcceptedMessage {
  const chat = findOwnChat(deps, { userId: props.userId, chatId: props.chatId });
  const persona = usablePersona(chat, props.tier);
  const id = props.message.id ?? randomUUID();
  const earlier = repo.findMessage(deps.db, id);
  if (earlier) {
    if (earlier.chatId !== chat.id || earlier.role !== 'user') {
      throw conflict('This message id is already used', 'message_id_taken');
    }
    const reply = repo.findReplyTo(deps.db, id);
    return { chat, persona, userMessage: earlier, reply, isNew: false };
  }
  const now = deps.now();
  const row = userMessageRow(props.message, { id, chatId: chat.id, userId: props.userId, now });
  deps.db.transaction(() => {
    repo.insertMessage(deps.db, { ...row, changeSeq: repo.nextChangeSeq(deps.db, props.userId) });
    repo.touchChat(deps.db, {
      id: chat.id,
      title: chat.title || chatTitleFrom(row.content),
      updatedAt: now,
      changeSeq: repo.nextChangeSeq(deps.db, props.userId),
    });
  })();
  const userMessage = repo.findMessage(deps.db, id);
  if (!userMessage) throw new Error('The new message row was not found');
  return { chat, persona, userMessage, reply: undefined, isNew: true };
}

export function userMessageRow(
  message: IncomingMessage,
  at: { id: string; chatId: string; userId: string; now: number },
): Omit<MessageRow, 'changeSeq'> {
  return {
    id: at.id,
    chatId: at.chatId,
    userId: at.userId,
    role: 'user',
    content: message.message,
    isCrisis: 0,
    replyTo: null,
    isOcr: message.isOCR ? 1 : 0,
    isEnhancedOcr: message.isEnhancedOCR ? 1 : 0,
    imageUrl: message.imageUrl ?? null,
    extractedText: message.extractedText ?? null,
    analysisType: message.analysisType ?? null,
    ocrAnalysis: message.ocrAnalysis ? JSON.stringify(message.ocrAnalysis) : null,
    ocrStructuredData: message.ocrStructuredData ? JSON.stringify(message.ocrStructuredData) : null,
    ocrConfidence: message.ocrConfidence ?? null,
    createdAt: at.now,
  };
}
