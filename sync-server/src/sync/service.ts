import type { MutationResult, PullAnswer, PushAnswer } from '@shared/sync';
import type { SubscriptionTier } from '@shared/user';
import { changesSince, chatsByIds, lockHerChanges, messagesByIds } from '../chats/changes';
import { memoriesByIds } from '../memory/repo';
import { resendRepliesIfTierMoved } from '../replies/resendOnPlanChange';
import type { ChatRow, MessageRow } from '../chats/repo';
import { inTransaction } from '../db/database';
import type { Db } from '../db/database';
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
export async function push(
  deps: Deps,
  props: { userId: string; tier: SubscriptionTier; mutations: ParsedMutation[] },
): Promise<PushAnswer> {
  const { userId, tier } = props;
  const results: MutationResult[] = [];
  for (const mutation of props.mutations) {
    const stored = await settle(deps, { userId, tier, mutation });
    if (stored === 'retry') {
      results.push(retryResult(mutation.id));
      break;
    }
    results.push(await resultOf(deps, { userId, mutation, stored, tier }));
  }
  return { results };
}

/**
 * What one mutation left behind: recorded before (a replay), or applied now with its id
 * recorded in the same transaction as its writes, so both commit or neither. The id's primary
 * key decides between two pushes of it at once: on SQLite one transaction runs at a time and
 * the second finds the first's record; on PostgreSQL the second waits for the first at her
 * change counter's lock (READ COMMITTED), and then finds it. A refusal (4xx) undoes the mutation's writes
 * and is recorded in a transaction of its own, unless a duplicate recorded first.
 */
async function settle(
  deps: Deps,
  props: { userId: string; tier: SubscriptionTier; mutation: ParsedMutation },
): Promise<StoredResult | 'retry'> {
  const key = { userId: props.userId, mutationId: props.mutation.id };
  try {
    return await inTransaction(
      deps.db,
      async (db) => {
        // Her writes take turns from here (her devices push at once), so what follows reads
        // every write of hers before it, a duplicate of this mutation's record among them.
        await lockHerChanges(db, props.userId);
        const known = await repo.findProcessed(db, key);
        if (known) return known;
        const written = await applyMutation({ ...deps, db }, props);
        return record(db, { ...key, result: { status: 'applied', ...written }, at: deps.now() });
      },
      { lockedRows: true },
    );
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      const rejected: StoredResult = {
        status: 'rejected',
        error: { status: error.status, ...error.toBody() },
        ...NOTHING,
      };
      return inTransaction(deps.db, async (db) => {
        const known = await repo.findProcessed(db, key);
        return known ?? record(db, { ...key, result: rejected, at: deps.now() });
      });
    }
    deps.logger.error({ err: error, mutation: props.mutation.type }, 'sync mutation failed');
    return 'retry';
  }
}

/** Records `result` for the mutation; answers what is recorded (a duplicate's, if it won). */
async function record(
  db: Db,
  props: { userId: string; mutationId: string; result: StoredResult; at: number },
): Promise<StoredResult> {
  const { result, at, ...key } = props;
  if (await repo.recordProcessed(db, { ...key, result, createdAt: at })) return result;
  return (await repo.findProcessed(db, key)) ?? result;
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
async function ownersOf(
  deps: Deps,
  rows: { chats: ChatRow[]; messages: MessageRow[] },
): Promise<ChatRow[]> {
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
async function resultOf(
  deps: Deps,
  props: { userId: string; mutation: ParsedMutation; stored: StoredResult; tier: SubscriptionTier },
): Promise<MutationResult> {
  const { stored } = props;
  const messages = await messagesByIds(deps, stored.messageIds);
  const chats = await chatsByIds(deps, [...stored.chatIds, ...stored.tombstoneIds]);
  const rows = presentRows({
    chats,
    messages,
    memories: await memoriesByIds(deps.db, stored.memoryIds ?? []),
    owners: await ownersOf(deps, { chats, messages }),
    tier: props.tier,
    now: deps.now(),
  });
  const user =
    stored.status === 'applied' && props.mutation.type === 'updateProfile'
      ? await findUserById(deps, { id: props.userId })
      : undefined;
  return {
    id: props.mutation.id,
    status: stored.status,
    ...(stored.error ? { error: stored.error } : {}),
    rows,
    ...(user
      ? { user: presentUser(user, await entitlementOfUser(deps, { userId: user.id })) }
      : {}),
  };
}

/** Her changes after `cursor`, one page, presented as the REST API presents them. */
export async function pull(
  deps: Deps,
  props: { userId: string; tier: SubscriptionTier; cursor: number; limit: number },
): Promise<PullAnswer> {
  await resendRepliesIfTierMoved(deps, { userId: props.userId, tier: props.tier });
  const page = await changesSince(deps, props);
  const rows = presentRows({
    chats: page.chats,
    messages: page.messages,
    memories: page.memories,
    owners: await ownersOf(deps, page),
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
export async function pruneProcessedMutations(deps: Pick<Deps, 'db' | 'now'>): Promise<number> {
  return repo.deleteProcessedBefore(deps.db, deps.now() - PROCESSED_MUTATION_TTL_MS);
}
