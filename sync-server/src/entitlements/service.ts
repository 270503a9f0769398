import { SUBSCRIPTION_TIERS } from '@shared/user';
import type { SubscriptionTier } from '@shared/user';
import type { Deps } from '../deps';
import * as repo from './repo';

const isTier = (value: string): value is SubscriptionTier =>
  (SUBSCRIPTION_TIERS as readonly string[]).includes(value);

/** The tier a user has now: her entitlement while it lasts, else free. */
export function currentTier(
  deps: Pick<Deps, 'db' | 'now'>,
  props: { userId: string },
): SubscriptionTier {
  const row = repo.findEntitlement(deps.db, props.userId);
  if (!row || !isTier(row.tier)) return 'free';
  if (row.expiresAt !== null && row.expiresAt <= deps.now()) return 'free';
  return row.tier;
}

/**
 * Gives a user a tier until `expiresAt` (ms since the epoch; null = for ever). Replaces what
 * she had. Used by tests now and by payment fulfilment later.
 */
export function grantTier(
  deps: Pick<Deps, 'db' | 'now'>,
  props: { userId: string; tier: SubscriptionTier; expiresAt: number | null },
): void {
  repo.upsertEntitlement(deps.db, {
    userId: props.userId,
    tier: props.tier,
    expiresAt: props.expiresAt,
    updatedAt: deps.now(),
  });
}
