import { planDurationMs } from '@shared/payments';
import { planById } from '@shared/plans';
import { SUBSCRIPTION_TIERS } from '@shared/user';
import type { SubscriptionTier } from '@shared/user';
import type { Deps } from '../deps';
import { coverageAt, replay } from './replay';
import type { Coverage, PaidGrant, Period } from './replay';
import * as repo from './repo';

export type { Coverage as Entitlement };

type Clocked = Pick<Deps, 'db' | 'now'>;

const isTier = (value: string): value is SubscriptionTier =>
  (SUBSCRIPTION_TIERS as readonly string[]).includes(value);

/** Her entitlement row (given by grantTier) as a period that began before any purchase. */
async function grantedPeriods(deps: Clocked, userId: string): Promise<Period[]> {
  const row = await repo.findEntitlement(deps.db, userId);
  if (!row || !isTier(row.tier) || row.tier === 'free') return [];
  return [{ tier: row.tier, start: -Infinity, end: row.expiresAt }];
}

async function paidGrants(deps: Clocked, userId: string): Promise<PaidGrant[]> {
  return (await repo.grantingPurchases(deps.db, userId)).flatMap((row) => {
    const plan = planById(row.planId);
    if (!plan) return [];
    return [{ id: row.id, tier: plan.tier, at: row.fulfilledAt, durationMs: planDurationMs(plan) }];
  });
}

/**
 * Her purchases replayed on her grant, read afresh each time: no memo, since another process
 * (or a restore) may change them between two requests.
 */
async function replayed(deps: Clocked, userId: string) {
  return replay(await paidGrants(deps, userId), await grantedPeriods(deps, userId));
}

/**
 * What she has now, read afresh on every call (so a plan ends at once): the highest tier her
 * grant or her purchases cover now, and when that coverage ends (null when free or for ever).
 */
export async function entitlementOf(deps: Clocked, props: { userId: string }): Promise<Coverage> {
  return coverageAt((await replayed(deps, props.userId)).periods, deps.now());
}

/** The period each of her counting purchases gave (null: bought while covered for ever). */
export async function purchasePeriods(
  deps: Clocked,
  props: { userId: string },
): Promise<Map<string, Period | null>> {
  return (await replayed(deps, props.userId)).byId;
}

/**
 * Gives a user a tier until `expiresAt` (ms since the epoch; null = for ever). Replaces an
 * earlier grant; her purchases still count on top of it (the higher tier wins). Used by tests.
 */
export async function grantTier(
  deps: Clocked,
  props: { userId: string; tier: SubscriptionTier; expiresAt: number | null },
): Promise<void> {
  await repo.upsertEntitlement(deps.db, {
    userId: props.userId,
    tier: props.tier,
    expiresAt: props.expiresAt,
    updatedAt: deps.now(),
  });
}
