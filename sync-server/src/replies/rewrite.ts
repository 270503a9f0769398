import type { SubscriptionTier } from '@shared/user';
import { afterCommit, inTransaction } from '../db/database';
import type { Deps } from '../deps';
import { conflict, notFound } from '../http/errors';
import * as repo from '../chats/repo';
import type { ChatRow, MessageRow } from '../chats/repo';
import { findOwnChat, usablePersona } from '../chats/service';
import { ensureWithinQuota } from '../storage/service';
import * as jobsRepo from './jobsRepo';
import { countReply, uncountReply } from './limit';

export const replyNotFound = () => notFound('Reply not found');
export const messageNotFound = () => notFound('Message not found');
export const notNewestReply = () =>
  conflict('Only the newest reply can be written again', 'not_newest_reply');
export const notLastMessage = () =>
  conflict('Only your last message can be edited', 'not_last_message');
export const crisisReplyKept = () =>
  conflict('A reply with help stays as it is', 'crisis_reply_kept');
export const replyOnItsWay = () =>
  conflict('Your bestie is still writing: try again in a moment', 'reply_in_progress');

interface Target {
  userId: string;
  tier: SubscriptionTier;
  chatId: string;
  messageId: string;
}

/**
 * Asks for the newest reply of her chat to be written again (the regenerateReply mutation):
 * the job of her message it answers is queued anew to write it in its place (replies/write.ts),
 * and the reply arrives through the pull like any other. 404 for a reply not hers (or a
 * greeting); 409 when a message came after it, or when it is the crisis reply, whose help
 * stays as it was. Asking again while its job is queued or running changes nothing. A free
 * user's new reply is a teaser, as any is.
 */
export async function regenerateReply(deps: Deps, props: Target): Promise<void> {
  const chat = await findOwnChat(deps, props);
  usablePersona(chat, props.tier);
  const reply = await repo.findMessage(deps.db, props.messageId);
  if (!reply || reply.chatId !== chat.id || reply.role !== 'assistant' || !reply.replyTo) {
    throw replyNotFound();
  }
  if (reply.isCrisis === 1) throw crisisReplyKept();
  const asked = await repo.findMessage(deps.db, reply.replyTo);
  if (!asked) throw replyNotFound();
  const job = await jobsRepo.findJob(deps.db, asked.id);
  if (job?.state === 'queued' || job?.state === 'running') return;
  await writeAgain(deps, props, { chat, asked, reply, words: null });
}

/**
 * Her last message edited and sent again (the editMessage mutation): it keeps its id and place
 * with her new words, and its reply is written again in its place, as regenerateReply does.
 * Only a text message of hers that has its reply and nothing after that; 409 while its reply
 * is still being written (the new words would miss it). Words that read as a crisis start the
 * chat's care mode now, as a send's do, and get the crisis reply.
 */
export async function editMessage(deps: Deps, props: Target & { message: string }): Promise<void> {
  const chat = await findOwnChat(deps, props);
  usablePersona(chat, props.tier);
  const asked = await repo.findMessage(deps.db, props.messageId);
  if (!asked || asked.chatId !== chat.id || asked.role !== 'user') throw messageNotFound();
  if (asked.isOcr === 1 || asked.isEnhancedOcr === 1) throw notLastMessage();
  const job = await jobsRepo.findJob(deps.db, asked.id);
  if (job?.state === 'queued' || job?.state === 'running') throw replyOnItsWay();
  const reply = await repo.findReplyTo(deps.db, asked.id);
  if (!reply) throw notLastMessage();
  await writeAgain(deps, props, { chat, asked, reply, words: props.message });
}

/**
 * Counts the reply toward her hourly replies (a 429 changes nothing; words that read as a
 * crisis are never counted), then, with her writes taking turns, checks that `reply` is still
 * the chat's newest message, keeps her new `words` if any, and queues the rewrite.
 */
async function writeAgain(
  deps: Deps,
  props: Target,
  what: { chat: ChatRow; asked: MessageRow; reply: MessageRow; words: string | null },
): Promise<void> {
  const { chat, asked, reply, words } = what;
  const texts = words === null ? [asked.content, asked.extractedText] : [words];
  const counted = await countReply(deps, { ...props, texts });
  try {
    await inTransaction(
      deps.db,
      async (db) => {
        // Her writes take turns from here: a message sent alongside is seen below.
        await repo.lockHerChanges(db, props.userId);
        if (await repo.hasMessageAfter(db, { chatId: chat.id, chatSeq: reply.chatSeq })) {
          throw words === null ? notNewestReply() : notLastMessage();
        }
        const now = deps.now();
        let message = asked;
        if (words !== null) {
          await repo.editMessage(db, { id: asked.id, userId: props.userId, content: words });
          if (counted === 'free') await repo.recordCrisisSignal(db, { chatId: chat.id, at: now });
          await ensureWithinQuota({ ...deps, db }, { userId: props.userId });
          message = { ...asked, content: words };
        }
        const queued = await jobsRepo.queueRewrite(db, {
          messageId: asked.id,
          userId: props.userId,
          chatId: chat.id,
          replaces: reply.id,
          now,
        });
        if (!queued) return;
        afterCommit(db, () => {
          deps.replyJobs.expect({ chat, userMessage: message });
          deps.replyJobs.kick();
        });
      },
      { lockedRows: true },
    );
  } catch (error) {
    if (counted === 'counted') await uncountReply(deps, props);
    throw error;
  }
}
