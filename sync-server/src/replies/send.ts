import { chatTitleFrom } from '@shared/chat';
import type { OcrAnalysis, AnalysisType } from '@shared/chat';
import type { Persona } from '@shared/personas';
import { inCareMode } from '@shared/safety/risk';
import type { SubscriptionTier } from '@shared/user';
import { uuidv7 } from '@shared/uuid';
import { afterCommit, inTransaction } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import type { Deps } from '../deps';
import { careLimitReply, replyName } from '../safety/crisis';
import { ensureOwnImageUrl } from '../images/service';
import { findUserById } from '../users/service';
import { ensureRoomFor, ensureWithinQuota, messageBytes } from '../storage/service';
import * as jobsRepo from './jobsRepo';
import { countReply, uncountReply } from './limit';
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
 * transaction, and wakes the job runner once it has committed; the reply is written after this
 * returns. The same message id again is the same send: the stored message and, when there is
 * one, its stored reply come back; when its reply failed, the job is queued again (her retry).
 * In care mode, past the (paid) limit, her message is answered at once with the server's kind
 * word and the help card (`reply`), never refused. Called inside a transaction (a sync push),
 * its writes are a savepoint of it and the runner wakes once that commits.
 */
export async function acceptMessage(
  deps: Deps,
  props: { userId: string; tier: SubscriptionTier; chatId: string; message: IncomingMessage },
): Promise<AcceptedMessage> {
  const chat = await findOwnChat(deps, { userId: props.userId, chatId: props.chatId });
  const persona = usablePersona(chat, props.tier);
  const id = props.message.id ?? uuidv7(deps.now());
  const careMode = inCareMode({ lastCrisisAt: chat.lastCrisisAt }, deps.now());
  const earlier = await repo.findMessage(deps.db, id);
  if (earlier) {
    if (earlier.chatId !== chat.id || earlier.role !== 'user') {
      throw messageIdTaken();
    }
    const reply = await repo.findReplyTo(deps.db, id);
    // Asking again for a reply that failed (or never had a job) is one more model call.
    const job = reply ? undefined : await jobsRepo.findJob(deps.db, id);
    if (!reply && (!job || job.state === 'failed')) {
      const texts = [earlier.content, earlier.extractedText];
      if ((await countReply(deps, { ...props, texts, careMode })) === 'kindWord') {
        // A reply stored since it was looked for (the same retry alongside this one) stands.
        const kind = await inTransaction(
          deps.db,
          async (db) =>
            (await repo.findReplyTo(db, id)) ?? answerWithKindWord({ ...deps, db }, earlier),
        );
        return { chat, persona, userMessage: earlier, reply: kind, isNew: false };
      }
    }
    const userMessage = reply ? earlier : await queueAgain(deps, earlier);
    return { chat, persona, userMessage, reply, isNew: false };
  }
  await ensureOwnImageUrl(deps, { userId: props.userId, imageUrl: props.message.imageUrl });
  const row = userMessageRow(props.message, {
    id,
    chatId: chat.id,
    userId: props.userId,
    now: deps.now(),
  });
  // Past her storage quota: 413 before anything is counted or stored.
  await ensureRoomFor(deps, { userId: props.userId, bytes: messageBytes(row) });
  // Past her hourly limit, the 429 stores nothing. Counted before her message is stored, and
  // taken back when it is not stored after all: a send that fails costs nothing.
  const texts = [props.message.message, props.message.extractedText];
  const counted = await countReply(deps, { ...props, texts, careMode });
  try {
    const { userMessage, reply } = await inTransaction(
      deps.db,
      async (db) => {
        // Her writes take turns from here, so the reads below see every one before it.
        await repo.lockHerChanges(db, props.userId);
        // Read as a crisis already: care mode starts now, not only once its reply is written.
        if (counted === 'free')
          await repo.recordCrisisSignal(db, { chatId: chat.id, at: row.createdAt });
        const stored = await repo.appendMessage(db, {
          message: row,
          titleIfUntitled: chatTitleFrom(row.content),
        });
        if (counted === 'kindWord') {
          const kind = await answerWithKindWord({ ...deps, db }, stored);
          await ensureWithinQuota({ ...deps, db }, { userId: props.userId });
          return { userMessage: stored, reply: kind };
        }
        await jobsRepo.insertJob(db, {
          messageId: id,
          userId: props.userId,
          chatId: chat.id,
          createdAt: row.createdAt,
        });
        await ensureWithinQuota({ ...deps, db }, { userId: props.userId });
        afterCommit(db, () => {
          deps.replyJobs.expect({ chat, userMessage: stored });
          deps.replyJobs.kick();
        });
        return { userMessage: stored, reply: undefined };
      },
      { lockedRows: true },
    );
    return { chat, persona, userMessage, reply, isNew: true };
  } catch (error) {
    if (counted === 'counted') await uncountReply(deps, { ...props, careMode });
    // The same send stored meanwhile by a request running alongside this one (her client's
    // retry): answered as the repeat it is.
    if (isUniqueViolation(error) && (await repo.findMessage(deps.db, id))) {
      return acceptMessage(deps, props);
    }
    throw error;
  }
}

/**
 * Answers her message with the server's kind word beside the help card (care mode, past the
 * limit): no model, nothing counted, whole for every plan. Any job of hers is done with it.
 * Call inside the transaction that stored or found her message, with its `db`.
 */
async function answerWithKindWord(deps: Deps, message: MessageRow): Promise<MessageRow> {
  const now = deps.now();
  const user = await findUserById(deps, { id: message.userId });
  const text = careLimitReply(user ? replyName(user) : '');
  const reply = await repo.appendMessage(deps.db, {
    message: replyRow(text, { helpCard: true, care: true }, { answers: message, now }),
  });
  await jobsRepo.markDone(deps.db, { messageId: message.id, now });
  if (message.replyError !== null) {
    await repo.setReplyError(deps.db, {
      id: message.id,
      replyError: null,
      changeSeq: await repo.nextChangeSeq(deps.db, message.userId),
    });
  }
  return reply;
}

/**
 * A repeat of her message that has no reply: a failed job goes back to the queue and her
 * message loses its reply error (a new change, so a pull carries it); a message from before
 * reply jobs gets one. A job still queued or running is left alone.
 */
async function queueAgain(deps: Deps, message: MessageRow): Promise<MessageRow> {
  const now = deps.now();
  await inTransaction(deps.db, async (db) => {
    const job = await jobsRepo.findJob(db, message.id);
    if (!job) {
      const { id: messageId, userId, chatId } = message;
      await jobsRepo.insertJob(db, { messageId, userId, chatId, createdAt: now });
    } else if (!(await jobsRepo.requeueFinishedJob(db, { messageId: message.id, now }))) {
      return;
    }
    if (message.replyError !== null) {
      await repo.setReplyError(db, {
        id: message.id,
        replyError: null,
        changeSeq: await repo.nextChangeSeq(db, message.userId),
      });
    }
    afterCommit(db, () => deps.replyJobs.kick());
  });
  return (await repo.findMessage(deps.db, message.id)) ?? message;
}

/**
 * The bestie's reply to her message `answers` as a row to store, with the flags set from her
 * side when it was written (the crisis reply, a model's help card, care mode).
 */
export function replyRow(
  text: string,
  flags: { isCrisis?: boolean; helpCard?: boolean; care?: boolean; usedMemories?: string[] },
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
    usedMemories: flags.usedMemories?.length ? JSON.stringify(flags.usedMemories) : null,
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
    usedMemories: null,
  };
}
