import type { SubscriptionTier } from '@shared/user';
import { afterCommit, inTransaction } from '../db/database';
import type { Deps } from '../deps';
import { conflict, notFound } from '../http/errors';
import * as repo from '../chats/repo';
import { findOwnChat, usablePersona } from '../chats/service';
import * as jobsRepo from './jobsRepo';
import { countReply, uncountReply } from './limit';

export const replyNotFound = () => notFound('Reply not found');
export const notNewestReply = () =>
  conflict('Only the newest reply can be written again', 'not_newest_reply');
export const crisisReplyKept = () =>
  conflict('A reply with help stays as it is', 'crisis_reply_kept');

/**
 * Asks for the newest reply of her chat to be written again (the regenerate mutation): the
 * job of her message it answers is queued anew to write it in its place (replies/write.ts),
 * and the reply arrives through the pull like any other. Counted toward her hourly replies as
 * a send is, on her plan's limit (a 429 queues nothing); a reply to a message that reads as a
 * crisis is never counted. 404 for a reply not hers (or a greeting); 409 when a message came
 * after it, or when it is the crisis reply, whose help stays as it was. Asking again while its
 * job is queued or running changes nothing. A free user's new reply is a teaser, as any is.
 */
export async function regenerateReply(
  deps: Deps,
  props: { userId: string; tier: SubscriptionTier; chatId: string; messageId: string },
): Promise<void> {
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
  const texts = [asked.content, asked.extractedText];
  const counted = await countReply(deps, { ...props, texts });
  try {
    await inTransaction(
      deps.db,
      async (db) => {
        // Her writes take turns from here: a message sent alongside is seen below.
        await repo.lockHerChanges(db, props.userId);
        if (await repo.hasMessageAfter(db, { chatId: chat.id, chatSeq: reply.chatSeq })) {
          throw notNewestReply();
        }
        const queued = await jobsRepo.queueRewrite(db, {
          messageId: asked.id,
          userId: props.userId,
          chatId: chat.id,
          replaces: reply.id,
          now: deps.now(),
        });
        if (!queued) return;
        afterCommit(db, () => {
          deps.replyJobs.expect({ chat, userMessage: asked });
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
