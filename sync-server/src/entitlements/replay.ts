import { TIER_RANK } from '@shared/payments';
import type { SubscriptionTier } from '@shared/user';

/** A stretch of time at a tier; `end` null = for ever. Covers `start <= t < end`. */
export interface Period {
  tier: SubscriptionTier;
  start: number;
  end: number | null;
}

/** A fulfilled purchase as the replay sees it. */
export interface PaidGrant {
  id: string;
  tier: SubscriptionTier;
  /** When it was fulfilled (ms since the epoch). */
  at: number;
  /** null = for ever. */
  durationMs: number | null;
}

/** What she has at a moment: her tier and when it ends (null when free or for ever). */
export interface Coverage {
  tier: SubscriptionTier;
  endsAt: number | null;
}

const covers = (period: Period, at: number) =>
  period.start <= at && (period.end === null || at < period.end);

/**
 * Where her unbroken coverage at `tier` or above, from `at` on, ends: `at` itself when nothing
 * covers it, null when it lasts for ever.
 */
export function coverageEnd(periods: Period[], tier: SubscriptionTier, at: number): number | null {
  let end = at;
  for (;;) {
    const covering = periods.filter(
      (period) => TIER_RANK[period.tier] >= TIER_RANK[tier] && covers(period, end),
    );
    if (covering.length === 0) return end;
    if (covering.some((period) => period.end === null)) return null;
    // Every covering period ends after `end`, so this always moves forward.
    end = Math.max(...covering.map((period) => period.end ?? end));
  }
}

/**
 * Replays her purchases in fulfilment order on top of `base` (an entitlement she was given).
 * Each one starts at the later of its fulfilment and the end of what already covers her at its
 * tier or above, so buying again extends, and a lower plan waits until a higher one is over
 * instead of lowering it. A purchase bought while she is covered for ever gives no period (null).
 */
export function replay(
  grants: PaidGrant[],
  base: Period[] = [],
): { periods: Period[]; byId: Map<string, Period | null> } {
  const periods = [...base];
  const byId = new Map<string, Period | null>();
  // Fulfilled in the same millisecond: the higher tier first, so no order can waste a plan.
  const ordered = [...grants].sort((a, b) => a.at - b.at || TIER_RANK[b.tier] - TIER_RANK[a.tier]);
  for (const grant of ordered) {
    const start = coverageEnd(periods, grant.tier, grant.at);
    if (start === null) {
      byId.set(grant.id, null);
      continue;
    }
    const period = {
      tier: grant.tier,
      start,
      end: grant.durationMs === null ? null : start + grant.durationMs,
    };
    periods.push(period);
    byId.set(grant.id, period);
  }
  return { periods, byId };
}

/** Her tier at `at` (the highest one covering it) and when that coverage ends. */
export function coverageAt(periods: Period[], at: number): Coverage {
  const covering = periods.filter((period) => covers(period, at));
  if (covering.length === 0) return { tier: 'free', endsAt: null };
  const tier = covering.reduce<SubscriptionTier>(
    (best, period) => (TIER_RANK[period.tier] > TIER_RANK[best] ? period.tier : best),
    'free',
  );
  if (tier === 'free') return { tier, endsAt: null };
  return { tier, endsAt: coverageEnd(periods, tier, at) };
}
