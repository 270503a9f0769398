import { randomUUID } from 'node:crypto';
import { chatTitleFrom } from '../../../shared/chat';
import type { OcrAnalysis, AnalysisType } from '../../../shared/chat';
import type { Persona } from '../../../shared/personas';
import { displayName } from '../../../shared/user';
import type { SubscriptionTier } from '../../../shared/user';
import type { Deps } from '../deps';
import { conflict } from '../http/errors';
import { replyFailed, ReplyAborted } from '../replies/errors';
import type { HistoryItem } from '../replies/types';
import { crisisReply } from '../safety/crisis';
import { isCrisisMessage } from '../safety/service';
import type { UserRow } from '../users/repo';
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

/**
 * Writes and stores the bestie's reply to an accepted message: the crisis reply (never a
 * model) when her message reads as suicide or self-harm intent, else the provider's. `onText`
 * gets the provider's pieces as they come. Throws replyFailed (502) when the provider fails
 * and ReplyAborted when `signal` ends it; nothing is stored then, and the same message id
 * can be sent again.
 */
export async function writeReply(
  deps: Deps,
  props: {
    user: UserRow;
    accepted: AcceptedMessage;
    signal?: AbortSignal;
    onText?: (text: string) => void;
  },
): Promise<MessageRow> {
  const { accepted, user } = props;
  if (accepted.reply) return accepted.reply;
  const name = displayName(user);
  const crisis = await isCrisisMessage(deps, {
    text: accepted.userMessage.content,
    signal: props.signal,
  });
  const text = crisis
    ? crisisReply(accepted.persona, name)
    : await generate(deps, { ...props, name });
  return storeReply(deps, { accepted, text, isCrisis: crisis });
}

async function generate(
  deps: Deps,
  props: {
    user: UserRow;
    name: string;
    accepted: AcceptedMessage;
    signal?: AbortSignal;
    onText?: (text: string) => void;
  },
): Promise<string> {
  const { accepted, signal } = props;
  const messages = repo.listMessages(deps.db, accepted.chat.id);
  const upTo = messages.filter((row) => row.changeSeq <= accepted.userMessage.changeSeq);
  let text = '';
  try {
    for await (const piece of deps.replies.generate({
      persona: accepted.persona,
      history: upTo.map((row): HistoryItem => ({ role: row.role, content: row.content })),
      user: {
        displayName: props.name,
        ageRange: props.user.ageRange,
        location: props.user.location,
      },
      screenshotText: upTo.flatMap((row) => (row.extractedText ? [row.extractedText] : [])),
      signal,
      seed: accepted.userMessage.id,
    })) {
      if (signal?.aborted) throw new ReplyAborted();
      text += piece;
      props.onText?.(piece);
    }
  } catch (error) {
    if (signal?.aborted) throw new ReplyAborted();
    deps.logger.error({ err: error, provider: deps.replies.name }, 'reply provider failed');
    throw replyFailed();
  }
  // A provider may end quietly on abort: a reply cut short is never stored.
  if (signal?.aborted) throw new ReplyAborted();
  if (text.trim() === '') {
    deps.logger.error({ provider: deps.replies.name }, 'reply provider answered nothing');
    throw replyFailed();
  }
  return text.trim();
}

function storeReply(
  deps: Deps,
  props: { accepted: AcceptedMessage; text: string; isCrisis: boolean },
): MessageRow {
  const { chat, userMessage } = props.accepted;
  const id = randomUUID();
  const now = deps.now();
  try {
    deps.db.transaction(() => {
      repo.insertMessage(deps.db, {
        ...userMessageRow(
          { message: props.text },
          { id, chatId: chat.id, userId: chat.userId, now },
        ),
        role: 'assistant',
        isCrisis: props.isCrisis ? 1 : 0,
        replyTo: userMessage.id,
        changeSeq: repo.nextChangeSeq(deps.db, chat.userId),
      });
      const current = repo.findChat(deps.db, chat.id);
      repo.touchChat(deps.db, {
        id: chat.id,
        title: current?.title ?? chat.title,
        updatedAt: now,
        changeSeq: repo.nextChangeSeq(deps.db, chat.userId),
      });
    })();
  } catch (error) {
    // A retry of the same message raced this one and stored its reply first: keep that one.
    if (!repo.isUniqueViolation(error)) throw error;
  }
  const reply = repo.findReplyTo(deps.db, userMessage.id);
  if (!reply) throw new Error('The new reply row was not found');
  return reply;
}

function userMessageRow(
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
