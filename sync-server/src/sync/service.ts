import type { MutationResult, PullAnswer, PushAnswer } from '@shared/sync';
import type { SubscriptionTier } from '@shared/user';
import { changesSince, chatsByIds, messagesByIds } from '../chats/changes';
import { resendRepliesIfTierMoved } from '../replies/resendOnPlanChange';
import type { ChatRow, MessageRow } from '../chats/repo';
import type { Deps } from '../deps';
import { AppError } from '../http/errors';
import { presentUser } from '../users/present';
import { entitlementOfUser, findUserById } from '../users/service';
import { applyMutation } from './apply';
import type { ParsedMutation, Written } from './apply';
import { presentRows } from './present';
import * as repo from './repo';
import type { StoredResult } from './repo';

const NOTHING: Written = { chatIds: [], messageIds: [], tombstoneIds: [] };

/** How long a processed mutation id is remembered: far longer than a device stays offline. */
export const PROCESSED_MUTATION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Applies her mutations in order, each exactly once, and answers at once: a mutation id seen
 * before answers what it answered then. Messages are stored with their reply jobs; replies
 * are written afterwards and arrive through the pull (a failed one as `replyError` on her
 * message). A final refusal (4xx: a locked bestie, a deleted chat) is recorded as `rejected`;
 * an unexpected failure answers `retry`, records nothing, and stops the push there so later
 * mutations keep their order.
 */
export function push(
  deps: Deps,
  props: { userId: string; tier: SubscriptionTier; mutations: ParsedMutation[] },
): PushAnswer {
  const { userId, tier } = props;
  const results: MutationResult[] = [];
  for (const mutation of props.mutations) {
    const key = { userId, mutationId: mutation.id };
    let stored = repo.findProcessed(deps.legacyDb, key);
    if (!stored) {
      const outcome = outcomeOf(deps, { userId, tier, mutation });
      if (outcome === 'retry') {
        results.push(retryResult(mutation.id));
        break;
      }
      repo.recordProcessed(deps.legacyDb, { ...key, result: outcome, createdAt: deps.now() });
      // A concurrent duplicate may have recorded first: every answer tells the same story.
      stored = repo.findProcessed(deps.legacyDb, key) ?? outcome;
    }
    results.push(resultOf(deps, { userId, mutation, stored, tier }));
  }
  return { results };
}

function outcomeOf(
  deps: Deps,
  props: { userId: string; tier: SubscriptionTier; mutation: ParsedMutation },
): StoredResult | 'retry' {
  try {
    return { status: 'applied', ...applyMutation(deps, props) };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return { status: 'rejected', error: { status: error.status, ...error.toBody() }, ...NOTHING };
    }
    deps.logger.error({ err: error, mutation: props.mutation.type }, 'sync mutation failed');
    return 'retry';
  }
}

function retryResult(id: string): MutationResult {
  return {
    id,
    status: 'retry',
    error: { status: 503, message: 'Not applied yet. Please try again.', code: 'retry' },
    rows: { chats: [], messages: [], tombstones: [] },
  };
}

/**
 * The chats the messages belong to that are not among `chats` already (presentRows takes
 * those from `chats`): a new chat's first page, or a send, brings its chat with its messages,
 * and then nothing more is read.
 */
function ownersOf(deps: Deps, rows: { chats: ChatRow[]; messages: MessageRow[] }): ChatRow[] {
  const known = new Set(rows.chats.map((chat) => chat.id));
  const missing = rows.messages.flatMap((message) =>
    known.has(message.chatId) ? [] : [message.chatId],
  );
  return missing.length === 0 ? [] : chatsByIds(deps, missing);
}

/**
 * The answer for one processed mutation, from what it left behind (the same on a replay);
 * an applied updateProfile also carries her account as it is now.
 */
function resultOf(
  deps: Deps,
  props: { userId: string; mutation: ParsedMutation; stored: StoredResult; tier: SubscriptionTier },
): MutationResult {
  const { stored } = props;
  const messages = messagesByIds(deps, stored.messageIds);
  const chats = chatsByIds(deps, [...stored.chatIds, ...stored.tombstoneIds]);
  const rows = presentRows({
    chats,
    messages,
    owners: ownersOf(deps, { chats, messages }),
    tier: props.tier,
    now: deps.now(),
  });
  const user =
    stored.status === 'applied' && props.mutation.type === 'updateProfile'
      ? findUserById(deps, { id: props.userId })
      : undefined;
  return {
    id: props.mutation.id,
    status: stored.status,
    ...(stored.error ? { error: stored.error } : {}),
    rows,
    ...(user ? { user: presentUser(user, entitlementOfUser(deps, { userId: user.id })) } : {}),
  };
}

/** Her changes after `cursor`, one page, presented as the REST API presents them. */
export function pull(
  deps: Deps,
  props: { userId: string; tier: SubscriptionTier; cursor: number; limit: number },
): PullAnswer {
  resendRepliesIfTierMoved(deps, { userId: props.userId, tier: props.tier });
  const page = changesSince(deps, props);
  const rows = presentRows({
    chats: page.chats,
    messages: page.messages,
    owners: ownersOf(deps, page),
    tier: props.tier,
    now: deps.now(),
  });
  return { ...rows, cursor: page.cursor, hasMore: page.hasMore };
}

/**
 * Forgets mutation ids processed more than 30 days ago, so the table does not grow for ever.
 * A later replay of one is applied again, which the chat use cases make harmless: chats and
 * messages carry the client's ids, so nothing is written twice.
 */
export function pruneProcessedMutations(deps: Pick<Deps, 'legacyDb' | 'now'>): number {
  return repo.deleteProcessedBefore(deps.legacyDb, deps.now() - PROCESSED_MUTATION_TTL_MS);
}
