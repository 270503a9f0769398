import type { Plan, PlanId } from './plans';
import type { SubscriptionTier } from './user';

export type {
  CreatePaymentIntentBody,
  TestConfirmBody,
  VerifyPaymentBody,
} from './payments-schema';

/**
 * Payments: the API bodies and answers both sides use (docs/API.md, Plans and payments). The
 * server charges the catalogue's `priceCents` in `PLAN_CURRENCY`, never an amount from the
 * client.
 */
export const PLAN_CURRENCY = 'usd';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a plan lasts from when it starts; null = for ever. */
export function planDurationMs(plan: Pick<Plan, 'period'>): number | null {
  switch (plan.period) {
    case 'day':
      return DAY_MS;
    case 'month':
      return 30 * DAY_MS;
    case 'year':
      return 365 * DAY_MS;
    case 'lifetime':
      return null;
  }
}

/** Higher wins: a purchase never lowers what she has. */
export const TIER_RANK: Record<SubscriptionTier, number> = {
  free: 0,
  basic: 1,
  premium: 2,
  vip: 3,
};

export const paymentMessages = {
  planInvalid: 'Please choose one of the bestie plans',
  intentFailed: 'Failed to create payment intent',
  somethingWrong: 'Something went wrong. Please try again.',
  declined: 'Your card was declined.',
  cardNumberInvalid: 'Your card number is invalid.',
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcInvalid: "Your card's security code is invalid.",
  paymentFailedFallback: 'Please check your card details and try again',
  paymentErrorInline: 'An error occurred with your payment',
  unexpected: 'An unexpected error occurred',
  verifyFailed: 'Failed to verify payment with server',
  alreadyForever: 'You already have Bestie for Life: every bestie is yours for ever.',
  paymentsOff: 'Payments are not available right now. Please try again later.',
} as const;

/** Its answer (spec §3: Payment intent response). */
export interface PaymentIntentAnswer {
  clientSecret: string;
}

/** A PaymentIntent id as Stripe and the test provider make them: `pi_` then letters/digits. */
export const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;

/** `pi_123_secret_abc` -> `pi_123`: the client secret names its intent. */
export function intentIdOfSecret(clientSecret: string): string | null {
  const id = clientSecret.split('_secret_')[0] ?? '';
  return clientSecret.includes('_secret_') && PAYMENT_INTENT_ID.test(id) ? id : null;
}

/** Its answer: whether the payment is fulfilled, and her plan now (null for a visitor). */
export interface VerifyPaymentAnswer {
  ok: true;
  status: 'fulfilled' | 'pending';
  subscriptionTier: SubscriptionTier | null;
  subscriptionEndsAt: string | null;
}

/** GET /api/config: what the browser needs to pay; the publishable key comes from here. */
export type PaymentsConfig =
  { provider: 'stripe'; publishableKey: string } | { provider: 'test' } | { provider: 'off' };
export interface ClientConfig {
  payments: PaymentsConfig;
}

/** Stripe's test numbers, which the local test provider honours. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const;

export type TestCardOutcome = 'succeeds' | 'declined' | 'invalid';

export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (digits === TEST_CARDS.succeeds) return 'succeeds';
  if (digits === TEST_CARDS.declined) return 'declined';
  return 'invalid';
}

/** 'MM / YY', 'MM/YY' or 'MM/YYYY' -> the last moment the card is valid, or null if malformed. */
export function expiryEnd(expiry: string): number | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return Date.UTC(year, month, 1) - 1;
}

/** Its answer when the card is taken; a refusal is a 402 (`card_declined`) or a 400. */
export interface TestConfirmAnswer {
  paymentIntentId: string;
  status: 'succeeded';
}

export type PurchaseStatus = 'succeeded' | 'refunded' | 'disputed';

/** One of her purchases as Settings shows it (GET /api/purchases). */
export interface PurchaseView {
  id: string;
  planId: PlanId;
  planName: string;
  amountCents: number;
  currency: string;
  status: PurchaseStatus;
  purchasedAt: string;
  /** When the plan this purchase gave her starts and ends (ISO); endsAt null = for ever. */
  startsAt: string | null;
  endsAt: string | null;
}

export interface PurchasesAnswer {
  purchases: PurchaseView[];
}
