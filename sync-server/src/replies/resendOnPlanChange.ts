import type { SubscriptionTier } from '@shared/user';
import { unchangedMemo } from '../db/unchanged';
import type { Deps } from '../deps';
import * as repo from '../chats/repo';

/**
 * Teasers are cut when a reply is presented, so her device holds replies as her tier showed
 * them. When a payment, refund or dispute changes her tier, each reply takes a new change
 * sequence number and her next pull brings it again, in full or as a teaser. Call inside the
 * transaction that changed her tier.
 */
export function resendRepliesForTier(
  deps: Pick<Deps, 'legacyDb' | 'now'>,
  props: { userId: string; before: SubscriptionTier; after: SubscriptionTier },
): void {
  if (props.before !== props.after) repo.renumberReplies(deps.legacyDb, props.userId);
  repo.setPresentedTier(deps.legacyDb, {
    userId: props.userId,
    tier: props.after,
    updatedAt: deps.now(),
  });
}

/**
 * A plan also ends with no event at all: before a pull, if her tier is no longer the one her
 * replies were last presented for (after a payment), they are sent again. Users who never
 * paid have no record and nothing changes for them. Nearly every pull finds nothing to do: it
 * reads the record first (from memory while the database is unchanged), and takes the write
 * lock only when her tier moved (then reads again under it, as another write may have come
 * first).
 */
export function resendRepliesIfTierMoved(
  deps: Pick<Deps, 'legacyDb' | 'now'>,
  props: { userId: string; tier: SubscriptionTier },
): void {
  const memo = unchangedMemo(deps.legacyDb);
  const moved = () => {
    const read = () => repo.findPresentedTier(deps.legacyDb, props.userId);
    // Inside the transaction the memo reads the table itself.
    const presented = memo(`presentedTier ${props.userId}`, read);
    return presented !== undefined && presented !== props.tier;
  };
  if (!moved()) return;
  deps.legacyDb.transaction(() => {
    if (!moved()) return;
    repo.renumberReplies(deps.legacyDb, props.userId);
    repo.setPresentedTier(deps.legacyDb, {
      userId: props.userId,
      tier: props.tier,
      updatedAt: deps.now(),
    });
  })();
}
