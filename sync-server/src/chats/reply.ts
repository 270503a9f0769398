import { randomUUID } from 'node:crypto';
import { displayName } from '@shared/user';
import type { Deps } from '../deps';
import { replyFailed, ReplyAborted } from '../replies/errors';
import type { HistoryItem } from '../replies/types';
import { crisisReply } from '../safety/crisis';
import { isCrisisMessage } from '../safety/service';
import type { UserRow } from '../users/repo';
import * as repo from './repo';
import type { MessageRow } from './repo';
import type { AcceptedMessage } from './send';
import { userMessageRow } from './send';

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
