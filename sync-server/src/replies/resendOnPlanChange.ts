import type { SubscriptionTier } from '@shared/user';
import { inTransaction } from '../db/database';
import type { Deps } from '../deps';
import * as repo from '../chats/repo';

/**
 * Teasers are cut when a reply is presented, so her device holds replies as her tier showed
 * them. When a payment, refund or dispute changes her tier, each reply takes a new change
 * sequence number and her next pull brings it again, in full or as a teaser. Call inside the
 * transaction that changed her tier, with its `db`.
 */
export async function resendRepliesForTier(
  deps: Pick<Deps, 'db' | 'now'>,
  props: { userId: string; before: SubscriptionTier; after: SubscriptionTier },
): Promise<void> {
  if (props.before !== props.after) await repo.renumberReplies(deps.db, props.userId);
  await repo.setPresentedTier(deps.db, {
    userId: props.userId,
    tier: props.after,
    updatedAt: deps.now(),
  });
}

/**
 * A plan also ends with no event at all: before a pull, if her tier is no longer the one her
 * replies were last presented for (after a payment), they are sent again. Users who never
 * paid have no record and nothing changes for them. Nearly every pull finds nothing to do: it
 * reads the record first (one row by key), and writes only when her tier moved (then reads
 * again inside the write's transaction, as another write may have come first).
 */
export async function resendRepliesIfTierMoved(
  deps: Pick<Deps, 'db' | 'now'>,
  props: { userId: string; tier: SubscriptionTier },
): Promise<void> {
  const moved = async (db: Deps['db']) => {
    const presented = await repo.findPresentedTier(db, props.userId);
    return presented !== undefined && presented !== props.tier;
  };
  if (!(await moved(deps.db))) return;
  await inTransaction(deps.db, async (db) => {
    if (!(await moved(db))) return;
    await repo.renumberReplies(db, props.userId);
    await repo.setPresentedTier(db, {
      userId: props.userId,
      tier: props.tier,
      updatedAt: deps.now(),
    });
  });
}
