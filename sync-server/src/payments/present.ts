import type {
  ClientConfig,
  PurchaseStatus,
  PurchaseView,
  VerifyPaymentAnswer,
} from '@shared/payments';
import { planById } from '@shared/plans';
import type { PlanId } from '@shared/plans';
import type { Config } from '../config';
import type { Entitlement } from '../entitlements/service';
import type { Period } from '../entitlements/replay';
import type { PaymentProvider } from './provider';
import type { PurchaseRow } from './repo';

const iso = (ms: number | null) =>
  ms === null || !Number.isFinite(ms) ? null : new Date(ms).toISOString();

/** What the browser needs to pay: never the secret key, only the publishable one. */
export function presentClientConfig(
  config: Config,
  provider: PaymentProvider | null,
): ClientConfig {
  if (provider?.kind === 'stripe' && config.stripePublishableKey) {
    return { payments: { provider: 'stripe', publishableKey: config.stripePublishableKey } };
  }
  if (provider?.kind === 'test') return { payments: { provider: 'test' } };
  return { payments: { provider: 'off' } };
}

export function presentVerify(
  status: 'fulfilled' | 'pending',
  plan: Entitlement | null,
): VerifyPaymentAnswer {
  return {
    ok: true,
    status,
    subscriptionTier: plan?.tier ?? null,
    subscriptionEndsAt: plan ? iso(plan.endsAt) : null,
  };
}

/**
 * One of her purchases. The period is what the replay gave it; a refunded or disputed one
 * gave none, so it shows when it was taken back as its end.
 */
export function presentPurchase(row: PurchaseRow, period: Period | null | undefined): PurchaseView {
  const revoked = row.status === 'refunded' || row.status === 'disputed';
  return {
    id: row.id,
    planId: row.planId as PlanId,
    planName: planById(row.planId)?.name ?? row.planId,
    amountCents: row.amount,
    currency: row.currency,
    status: row.status as PurchaseStatus,
    purchasedAt: new Date(row.fulfilledAt ?? row.createdAt).toISOString(),
    startsAt: revoked ? null : iso(period?.start ?? null),
    endsAt: revoked ? iso(row.revokedAt) : iso(period?.end ?? null),
  };
}
