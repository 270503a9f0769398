import { chatTitleFrom } from '@shared/chat';
import type { OcrAnalysis, AnalysisType } from '@shared/chat';
import type { Persona } from '@shared/personas';
import { inCareMode } from '@shared/safety/risk';
import type { SubscriptionTier } from '@shared/user';
import { uuidv7 } from '@shared/uuid';
import type { Deps } from '../deps';
import { careLimitReply, replyName } from '../safety/crisis';
import { ensureOwnImageUrl } from '../images/service';
import { findUserById } from '../users/service';
import { ensureRoomFor, ensureWithinQuota, messageBytes } from '../storage/service';
import * as jobsRepo from './jobsRepo';
import { countReply } from './limit';
import * as repo from '../chats/repo';
import type { ChatRow, MessageRow, NewMessage } from '../chats/repo';
import { findOwnChat, messageIdTaken, usablePersona } from '../chats/service';

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
 * Saves her message in her chat (404 / 403 first) together with its reply job, in one
 * transaction, and wakes the job runner; the reply is written after this returns. The same
 * message id again is the same send: the stored message and, when there is one, its stored
 * reply come back; when its reply failed, the job is queued again (her retry). In care mode,
 * past the (paid) limit, her message is answered at once with the server's kind word and the
 * help card (`reply`), never refused.
 */
export function acceptMessage(
  deps: Deps,
  props: { userId: string; tier: SubscriptionTier; chatId: string; message: IncomingMessage },
): AcceptedMessage {
  const chat = findOwnChat(deps, { userId: props.userId, chatId: props.chatId });
  const persona = usablePersona(chat, props.tier);
  const id = props.message.id ?? uuidv7(deps.now());
  const careMode = inCareMode({ lastCrisisAt: chat.lastCrisisAt }, deps.now());
  const earlier = repo.findMessage(deps.legacyDb, id);
  if (earlier) {
    if (earlier.chatId !== chat.id || earlier.role !== 'user') {
      throw messageIdTaken();
    }
    const reply = repo.findReplyTo(deps.legacyDb, id);
    // Asking again for a reply that failed (or never had a job) is one more model call.
    const job = reply ? undefined : jobsRepo.findJob(deps.legacyDb, id);
    if (!reply && (!job || job.state === 'failed')) {
      const texts = [earlier.content, earlier.extractedText];
      if (countReply(deps, { ...props, texts, careMode }) === 'kindWord') {
        const kind = deps.legacyDb.transaction(() => answerWithKindWord(deps, earlier))();
        return { chat, persona, userMessage: earlier, reply: kind, isNew: false };
      }
    }
    const userMessage = reply ? earlier : queueAgain(deps, earlier);
    return { chat, persona, userMessage, reply, isNew: false };
  }
  ensureOwnImageUrl(deps, { userId: props.userId, imageUrl: props.message.imageUrl });
  const row = userMessageRow(props.message, {
    id,
    chatId: chat.id,
    userId: props.userId,
    now: deps.now(),
  });
  // Past her storage quota: 413 before anything is counted or stored.
  ensureRoomFor(deps, { userId: props.userId, bytes: messageBytes(row) });
  // Counted in the same commit as her message: past her hourly limit, the 429 stores nothing.
  const { userMessage, reply } = deps.legacyDb.transaction(() => {
    const texts = [props.message.message, props.message.extractedText];
    const counted = countReply(deps, { ...props, texts, careMode });
    // Read as a crisis already: care mode starts now, not only once its reply is written.
    if (counted === 'free')
      repo.recordCrisisSignal(deps.legacyDb, { chatId: chat.id, at: row.createdAt });
    const stored = repo.appendMessage(deps.legacyDb, {
      message: row,
      titleIfUntitled: chatTitleFrom(row.content),
    });
    if (counted === 'kindWord') {
      const kind = answerWithKindWord(deps, stored);
      ensureWithinQuota(deps, { userId: props.userId });
      return { userMessage: stored, reply: kind };
    }
    jobsRepo.insertJob(deps.legacyDb, {
      messageId: id,
      userId: props.userId,
      chatId: chat.id,
      createdAt: row.createdAt,
    });
    ensureWithinQuota(deps, { userId: props.userId });
    return { userMessage: stored, reply: undefined };
  })();
  if (!reply) {
    deps.replyJobs.expect({ chat, userMessage });
    deps.replyJobs.kick();
  }
  return { chat, persona, userMessage, reply, isNew: true };
}

/**
 * Answers her message with the server's kind word beside the help card (care mode, past the
 * limit): no model, nothing counted, whole for every plan. Any job of hers is done with it.
 * Call inside the transaction that stored or found her message.
 */
function answerWithKindWord(deps: Deps, message: MessageRow): MessageRow {
  const now = deps.now();
  const user = findUserById(deps, { id: message.userId });
  const text = careLimitReply(user ? replyName(user) : '');
  const reply = repo.appendMessage(deps.legacyDb, {
    message: replyRow(text, { helpCard: true, care: true }, { answers: message, now }),
  });
  jobsRepo.markDone(deps.legacyDb, { messageId: message.id, now });
  if (message.replyError !== null) {
    repo.setReplyError(deps.legacyDb, {
      id: message.id,
      replyError: null,
      changeSeq: repo.nextChangeSeq(deps.legacyDb, message.userId),
    });
  }
  return reply;
}

/**
 * A repeat of her message that has no reply: a failed job goes back to the queue and her
 * message loses its reply error (a new change, so a pull carries it); a message from before
 * reply jobs gets one. A job still queued or running is left alone.
 */
function queueAgain(deps: Deps, message: MessageRow): MessageRow {
  const now = deps.now();
  const queued = deps.legacyDb.transaction(() => {
    const job = jobsRepo.findJob(deps.legacyDb, message.id);
    if (!job) {
      const { id: messageId, userId, chatId } = message;
      jobsRepo.insertJob(deps.legacyDb, { messageId, userId, chatId, createdAt: now });
    } else if (!jobsRepo.requeueFinishedJob(deps.legacyDb, { messageId: message.id, now })) {
      return false;
    }
    if (message.replyError !== null) {
      repo.setReplyError(deps.legacyDb, {
        id: message.id,
        replyError: null,
        changeSeq: repo.nextChangeSeq(deps.legacyDb, message.userId),
      });
    }
    return true;
  })();
  if (queued) deps.replyJobs.kick();
  return repo.findMessage(deps.legacyDb, message.id) ?? message;
}

/**
 * The bestie's reply to her message `answers` as a row to store, with the flags set from her
 * side when it was written (the crisis reply, a model's help card, care mode).
 */
export function replyRow(
  text: string,
  flags: { isCrisis?: boolean; helpCard?: boolean; care?: boolean },
  at: { answers: Pick<MessageRow, 'id' | 'chatId' | 'userId'>; now: number },
): NewMessage {
  const { answers, now } = at;
  return {
    ...userMessageRow(
      { message: text },
      { id: uuidv7(now), chatId: answers.chatId, userId: answers.userId, now },
    ),
    role: 'assistant',
    isCrisis: flags.isCrisis ? 1 : 0,
    helpCard: flags.helpCard ? 1 : 0,
    care: flags.care ? 1 : 0,
    replyTo: answers.id,
  };
}

/** The bytes her message would add to her storage. */
export function incomingMessageBytes(message: IncomingMessage): number {
  return messageBytes(userMessageRow(message, { id: '', chatId: '', userId: '', now: 0 }));
}

export function userMessageRow(
  message: IncomingMessage,
  at: { id: string; chatId: string; userId: string; now: number },
): NewMessage {
  return {
    id: at.id,
    chatId: at.chatId,
    userId: at.userId,
    role: 'user',
    content: message.message,
    isCrisis: 0,
    helpCard: 0,
    care: 0,
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
