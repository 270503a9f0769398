import { PLAN_CURRENCY, paymentMessages } from '@shared/payments';
import type { PaymentIntentAnswer } from '@shared/payments';
import { planById } from '@shared/plans';
import type { PlanId } from '@shared/plans';
import { resendRepliesForTier } from '../replies/resendOnPlanChange';
import { inTransaction } from '../db/database';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import { entitlementOf } from '../entitlements/service';
import {
  AppError,
  badGateway,
  conflict,
  notFound,
  paymentRequired,
  serviceUnavailable,
} from '../http/errors';
import { CONFIRMABLE_STATUSES } from './provider';
import type { PaymentProvider, ProviderIntent } from './provider';
import { recordClaim, sendClaimMail } from './claims';
import * as repo from './repo';
import type { PurchaseRow } from './repo';

export const paymentsOff = () => serviceUnavailable(paymentMessages.paymentsOff, 'payments_off');
export const paymentNotFound = () => notFound('Payment not found');
const notSucceeded = () =>
  paymentRequired('The payment has not gone through', 'payment_not_succeeded');
const mismatch = () => conflict('This payment does not match the plan', 'payment_mismatch');
const revoked = () => conflict('This payment was refunded or disputed', 'payment_revoked');
const providerDown = () =>
  badGateway('The payment provider could not be reached', 'payment_provider_failed');

function providerOf(deps: Deps): PaymentProvider {
  if (!deps.payments) throw paymentsOff();
  return deps.payments;
}

/**
 * Her checkout's pending intent, when reopening it may reuse it: Stripe still lets it be
 * confirmed and it is for the plan she chose now. Another plan's intent is canceled (so it can
 * never be paid as well); one that succeeded or is processing is never touched. Undefined
 * means: make a new one.
 */
async function reusableIntent(
  deps: Deps,
  provider: PaymentProvider,
  props: { planId: PlanId; userId?: string; checkoutId?: string },
): Promise<PaymentIntentAnswer | undefined> {
  const whose = props.userId
    ? { userId: props.userId }
    : props.checkoutId
      ? { checkoutId: props.checkoutId }
      : undefined;
  if (!whose) return undefined;
  const open = await repo.findOpenCheckout(deps.db, { provider: provider.kind, ...whose });
  if (!open) return undefined;
  let intent: ProviderIntent | null;
  try {
    intent = await provider.retrieveIntent(open.paymentIntentId);
  } catch (error) {
    deps.logger.error({ err: error }, 'retrieving a checkout intent failed');
    throw badGateway(paymentMessages.intentFailed, 'payment_intent_failed');
  }
  if (!intent || !CONFIRMABLE_STATUSES.includes(intent.status)) return undefined;
  if (open.planId === props.planId && matches(intent, open) && intent.clientSecret) {
    return { clientSecret: intent.clientSecret };
  }
  try {
    await provider.cancelIntent(open.paymentIntentId);
  } catch (error) {
    // Paid meanwhile, say: it stays as it is, and she gets a new intent for the new plan.
    deps.logger.warn({ err: error }, 'canceling a replaced checkout intent failed');
  }
  return undefined;
}

/**
 * Checkouts being opened now in this process, per database: a second open of one waits for the
 * first.
 */
const opening = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Starts a purchase, or reopens her checkout: one PaymentIntent per checkout (a signed-in
 * user's found by her user id, a visitor's by `checkoutId`). Opens of the same checkout run
 * one after another (two taps, or a screen mounting twice, at once would otherwise both find
 * no intent and make two), so the second finds the intent the first made.
 */
export async function createPaymentIntent(
  deps: Deps,
  props: { planId: PlanId; userId?: string; checkoutId?: string },
): Promise<PaymentIntentAnswer> {
  const key = props.userId
    ? `user:${props.userId}`
    : props.checkoutId
      ? `checkout:${props.checkoutId}`
      : undefined;
  if (!key) return openCheckout(deps, props);
  let queue = opening.get(deps.db);
  if (!queue) opening.set(deps.db, (queue = new Map()));
  const earlier = queue.get(key) ?? Promise.resolve();
  const run = earlier.catch(() => undefined).then(() => openCheckout(deps, props));
  queue.set(key, run);
  try {
    return await run;
  } finally {
    if (queue.get(key) === run) queue.delete(key);
  }
}

/**
 * Her checkout's intent: the pending one when it can be reused, else a new one for the
 * catalogue's price (never the client's), with the plan, the purchase id and her user id (when
 * signed in) in its metadata, and a pending row. The row is written once the intent exists (its
 * id is the row's key); the idempotency key is the purchase id, so the SDK's own retry cannot
 * make a second intent.
 */
async function openCheckout(
  deps: Deps,
  props: { planId: PlanId; userId?: string; checkoutId?: string },
): Promise<PaymentIntentAnswer> {
  const provider = providerOf(deps);
  const plan = planById(props.planId);
  if (!plan) throw notFound('Plan not found');
  if (props.userId) {
    const has = await entitlementOf(deps, { userId: props.userId });
    if (has.tier === 'vip' && has.endsAt === null) {
      throw conflict(paymentMessages.alreadyForever, 'already_forever');
    }
  }
  const reused = await reusableIntent(deps, provider, props);
  if (reused) return reused;
  const purchaseId = repo.newPurchaseId();
  const metadata: Record<string, string> = { planId: plan.id, purchaseId };
  if (props.userId) metadata.userId = props.userId;
  let intent: { id: string; clientSecret: string };
  try {
    intent = await provider.createIntent({
      amount: plan.priceCents,
      currency: PLAN_CURRENCY,
      metadata,
      idempotencyKey: purchaseId,
    });
  } catch (error) {
    deps.logger.error({ err: error, planId: plan.id }, 'creating a payment intent failed');
    throw badGateway(paymentMessages.intentFailed, 'payment_intent_failed');
  }
  await repo.insertPurchase(deps.db, {
    id: purchaseId,
    paymentIntentId: intent.id,
    provider: provider.kind,
    planId: plan.id,
    amount: plan.priceCents,
    currency: PLAN_CURRENCY,
    userId: props.userId ?? null,
    checkoutId: props.userId ? null : (props.checkoutId ?? null),
    createdAt: deps.now(),
  });
  return { clientSecret: intent.clientSecret };
}

/** Whether the provider's own record is exactly the purchase we made, for the plan asked. */
function matches(intent: ProviderIntent, purchase: PurchaseRow, planId?: PlanId): boolean {
  const plan = planById(purchase.planId);
  return (
    plan !== undefined &&
    intent.amount === plan.priceCents &&
    intent.currency === PLAN_CURRENCY &&
    intent.metadata.planId === purchase.planId &&
    intent.metadata.purchaseId === purchase.id &&
    // A visitor's purchase may have been attached to her account since: no userId is fine.
    // The account it names may have been deleted since: its purchase is recorded, for nobody.
    (intent.metadata.userId === undefined ||
      intent.metadata.userId === purchase.userId ||
      purchase.accountDeletedAt !== null) &&
    (planId === undefined || planId === purchase.planId)
  );
}

/**
 * Fulfils a purchase from the provider's record of its PaymentIntent: only when it succeeded
 * and its amount, currency and plan match. Any number of calls (verify, webhooks, in any order,
 * from any process) fulfil it once: the check-and-set (one conditional UPDATE, acted on only
 * when it changed the row) and the re-presenting of her replies are one transaction, with the
 * webhook event's id when there is one. A visitor's claim mail goes once it has committed.
 * 'pending' while the provider is processing.
 */
export async function fulfilPayment(
  deps: Deps,
  props: { paymentIntentId: string; planId?: PlanId; event?: { id: string; type: string } },
): Promise<{ status: 'fulfilled' | 'pending'; purchase: PurchaseRow }> {
  const provider = providerOf(deps);
  const purchase = await repo.findPurchaseByIntent(deps.db, props.paymentIntentId);
  if (!purchase || purchase.provider !== provider.kind) throw paymentNotFound();
  let intent: ProviderIntent | null;
  try {
    intent = await provider.retrieveIntent(props.paymentIntentId);
  } catch (error) {
    deps.logger.error({ err: error }, 'retrieving a payment intent failed');
    throw providerDown();
  }
  if (!intent) throw paymentNotFound();
  if (!matches(intent, purchase, props.planId)) throw mismatch();
  if (intent.status === 'processing') return { status: 'pending', purchase };
  if (intent.status !== 'succeeded') throw notSucceeded();

  const email = intent.email;
  const claimMail = await inTransaction(deps.db, async (db) => {
    const inside = { ...deps, db };
    const now = deps.now();
    if (props.event && !(await repo.recordEvent(db, { ...props.event, now }))) return undefined;
    // Read again: her account may have been deleted (and the row made nobody's) since.
    const userId = (await repo.findPurchaseByIntent(db, purchase.paymentIntentId))?.userId ?? null;
    const before = userId ? (await entitlementOf(inside, { userId })).tier : undefined;
    const paymentIntentId = purchase.paymentIntentId;
    if (!(await repo.markSucceeded(db, { paymentIntentId, email, now }))) return undefined;
    if (!userId || !before) {
      // A visitor's: its claim link goes to the billing email, which must prove it is hers.
      const paid = await repo.findPurchaseByIntent(db, paymentIntentId);
      return paid ? recordClaim(inside, paid) : undefined;
    }
    const after = (await entitlementOf(inside, { userId })).tier;
    await resendRepliesForTier(inside, { userId, before, after });
    return undefined;
  });
  // The mail goes once the fulfilment has committed, never from inside it.
  if (claimMail) sendClaimMail(deps, claimMail);

  const latest = (await repo.findPurchaseByIntent(deps.db, props.paymentIntentId)) ?? purchase;
  if (latest.status === 'refunded' || latest.status === 'disputed') throw revoked();
  return { status: 'fulfilled', purchase: latest };
}

/**
 * Changes a purchase's standing on a provider event, once per event id, and re-presents her
 * replies for the tier she has after it, in one transaction. `change` (given the transaction)
 * answers whether it moved.
 */
async function changeStanding(
  deps: Deps,
  props: { paymentIntentId: string; event: { id: string; type: string } },
  change: (db: Db, now: number) => Promise<boolean>,
): Promise<void> {
  await inTransaction(deps.db, async (db) => {
    const inside = { ...deps, db };
    const now = deps.now();
    if (!(await repo.recordEvent(db, { ...props.event, now }))) return;
    const purchase = await repo.findPurchaseByIntent(db, props.paymentIntentId);
    if (!purchase) return;
    const userId = purchase.userId;
    const before = userId ? (await entitlementOf(inside, { userId })).tier : undefined;
    if (!(await change(db, now))) return;
    if (!userId || !before) return;
    const after = (await entitlementOf(inside, { userId })).tier;
    await resendRepliesForTier(inside, { userId, before, after });
  });
}

/**
 * Takes a purchase back (refund or dispute). A purchase still pending is revoked too, so its
 * success arriving later grants nothing.
 */
export async function revokePayment(
  deps: Deps,
  props: {
    paymentIntentId: string;
    status: 'refunded' | 'disputed';
    event: { id: string; type: string };
  },
): Promise<void> {
  await changeStanding(deps, props, (db, now) => repo.markRevoked(db, { ...props, now }));
}

/**
 * Gives back a purchase a refund or dispute took, when the refund failed or the dispute was
 * won (a resent event changes nothing).
 */
export async function restorePayment(
  deps: Deps,
  props: {
    paymentIntentId: string;
    from: 'refunded' | 'disputed';
    event: { id: string; type: string };
  },
): Promise<void> {
  await changeStanding(deps, props, (db, now) => repo.markRestored(db, { ...props, now }));
}

export const isRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && error.status < 500;
