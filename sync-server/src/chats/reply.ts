import { REPLY_FAILED_MESSAGE } from '@shared/chat';
import type { Persona } from '@shared/personas';
import { displayName } from '@shared/user';
import { uuidv7 } from '@shared/uuid';
import { groupCommit } from '../db/groupCommit';
import type { Deps } from '../deps';
import { replyFailed, ReplyAborted } from '../replies/errors';
import { countReferral } from '../referrals/service';
import type { HistoryItem } from '../replies/types';
import { crisisReply } from '../safety/crisis';
import { readModelReply, withoutCrisisTag } from '../safety/modelReply';
import { isCrisisMessage } from '../safety/service';
import type { UserRow } from '../users/repo';
import { tierOf } from '../users/service';
import * as jobsRepo from './jobsRepo';
import { shownContent } from './present';
import * as repo from './repo';
import type { ChatRow, ConversationRow, MessageRow } from './repo';
import { userMessageRow } from './send';

/** The message a reply job answers, with its chat and the chat's bestie. */
export interface ReplyTarget {
  chat: ChatRow;
  persona: Persona;
  userMessage: MessageRow;
}

/**
 * Writes and stores the bestie's reply to her message: the crisis reply (never a model) when
 * her message reads as suicide or self-harm intent, else the provider's. `onText` gets the
 * provider's pieces as they come. Throws replyFailed (502) when the provider fails and
 * ReplyAborted when `signal` ends it; nothing is stored then. Answers undefined when her
 * message is gone meanwhile (the chat was deleted).
 */
export async function writeReply(
  deps: Deps,
  props: {
    user: UserRow;
    target: ReplyTarget;
    signal?: AbortSignal;
    onText?: (text: string) => void;
  },
): Promise<MessageRow | undefined> {
  const { target, user } = props;
  const stored = repo.findReplyTo(deps.db, target.userMessage.id);
  if (stored) {
    jobsRepo.markDone(deps.db, { messageId: target.userMessage.id, now: deps.now() });
    return stored;
  }
  const history = conversationUpTo(deps, target);
  // Read in the light of the conversation: after a crisis reply, "no" to "are you safe?" is one.
  const lastReply = history.findLast((row) => row.role === 'assistant');
  const crisis = await isCrisisMessage(deps, {
    texts: [target.userMessage.content, target.userMessage.extractedText],
    afterCrisisReply: lastReply?.isCrisis === 1,
    signal: props.signal,
  });
  const reply = crisis
    ? { text: crisisReply(target.persona, displayName(user)), isCrisis: true }
    : readModelReply(await generate(deps, { ...props, history }));
  // Committed with the other replies written in this turn.
  return groupCommit(deps.db).run(() => storeReply(deps, { target, ...reply }));
}

/** Screenshots whose text a reply reads, at most: the newest up to her message. */
export const SCREENSHOT_ROW_LIMIT = 5;

/**
 * The chat as the provider should read it, up to her message: the newest messages, as many
 * as the provider reads (`historyRows`; older ones are never read), each of hers followed by
 * its reply (a reply is stored after any message she sent meanwhile), oldest first.
 */
function conversationUpTo(deps: Deps, target: ReplyTarget): ConversationRow[] {
  const { chatSeq } = target.userMessage;
  const messages = repo.conversationRows(deps.db, {
    chatId: target.chat.id,
    uptoSeq: chatSeq,
    limit: deps.replies.historyRows,
  });
  const seqById = new Map(messages.map((row) => [row.id, row.chatSeq]));
  const turnOf = (row: ConversationRow) =>
    row.replyTo === null ? row.chatSeq : (seqById.get(row.replyTo) ?? row.chatSeq) + 0.5;
  return messages.filter((row) => turnOf(row) <= chatSeq).sort((a, b) => turnOf(a) - turnOf(b));
}

async function generate(
  deps: Deps,
  props: {
    user: UserRow;
    target: ReplyTarget;
    history: ConversationRow[];
    signal?: AbortSignal;
    onText?: (text: string) => void;
  },
): Promise<string> {
  const { target, signal, history } = props;
  const viewer = { tier: tierOf(deps, { userId: props.user.id }), persona: target.persona };
  let text = '';
  const shown = withoutCrisisTag(props.onText);
  try {
    for await (const piece of deps.replies.generate({
      persona: target.persona,
      // Only what she was shown: a free user's earlier replies enter as the teasers she saw.
      history: history.map((row): HistoryItem => ({
        role: row.role,
        content: shownContent(row, viewer),
      })),
      user: {
        displayName: displayName(props.user),
        ageRange: props.user.ageRange,
        location: props.user.location,
      },
      screenshotText: repo.screenshotTexts(deps.db, {
        chatId: target.chat.id,
        uptoSeq: target.userMessage.chatSeq,
        limit: SCREENSHOT_ROW_LIMIT,
      }),
      signal,
      seed: target.userMessage.id,
    })) {
      if (signal?.aborted) throw new ReplyAborted();
      text += piece;
      shown.push(piece);
    }
    shown.end();
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

/**
 * Stores the reply and marks its job done, in one transaction. A reply stored first by
 * another runner of the same job wins (messages_one_reply); a message deleted meanwhile gets
 * none.
 */
function storeReply(
  deps: Deps,
  props: { target: ReplyTarget; text: string; isCrisis: boolean },
): MessageRow | undefined {
  const { chat, userMessage } = props.target;
  const now = deps.now();
  try {
    return deps.db.transaction(() => {
      if (!repo.messageExists(deps.db, userMessage.id)) return undefined;
      const reply = repo.appendMessage(deps.db, {
        message: {
          ...userMessageRow(
            { message: props.text },
            { id: uuidv7(now), chatId: chat.id, userId: chat.userId, now },
          ),
          role: 'assistant',
          isCrisis: props.isCrisis ? 1 : 0,
          replyTo: userMessage.id,
        },
      });
      jobsRepo.markDone(deps.db, { messageId: userMessage.id, now });
      if (props.isCrisis) countReferral(deps, { kind: 'crisis_reply' });
      return reply;
    })();
  } catch (error) {
    if (!repo.isUniqueViolation(error)) throw error;
    jobsRepo.markDone(deps.db, { messageId: userMessage.id, now });
    return repo.findReplyTo(deps.db, userMessage.id);
  }
}

/**
 * Records that the reply could not be written: the job (while this claim holds it) is failed
 * and her message carries REPLY_FAILED_MESSAGE with a new change, so a pull shows it. Sending
 * the same message id again queues it anew. False when the claim had lost the job.
 */
export function recordReplyFailure(
  deps: Deps,
  claim: { messageId: string; userId: string; attempts: number },
): boolean {
  return deps.db.transaction(() => {
    const failed = jobsRepo.markFailed(deps.db, { ...claim, now: deps.now() });
    if (failed) {
      repo.setReplyError(deps.db, {
        id: claim.messageId,
        replyError: REPLY_FAILED_MESSAGE,
        changeSeq: repo.nextChangeSeq(deps.db, claim.userId),
      });
    }
    return failed;
  })();
}
