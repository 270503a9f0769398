import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { intentIdOfSecret } from '@shared/payments';
import type { PlanId } from '@shared/plans';
import type { Answer, Client, TestServer } from '../harness';
import { signedEvent } from './stripe';

/** Starts a purchase as the app does; answers the intent id its client secret names. */
export async function startPurchase(
  client: Client,
  planId: PlanId,
  checkoutId?: string,
): Promise<{ intentId: string; clientSecret: string }> {
  const answer = await client.post('/api/guest-create-payment-intent', { planId, checkoutId });
  expect(answer.status, answer.text).toBe(200);
  const clientSecret = answer.body.clientSecret as string;
  const intentId = intentIdOfSecret(clientSecret);
  if (!intentId) throw new Error(`not a client secret: ${clientSecret}`);
  return { intentId, clientSecret };
}

export const verify = (client: Client, paymentIntentId: string, planId: PlanId) =>
  client.post('/api/verify-payment', { paymentIntentId, planId });

const eventId = () => `evt_${randomUUID().replace(/-/g, '')}`;

export const succeeded = (intentId: string, id = eventId()) => ({
  id,
  type: 'payment_intent.succeeded',
  // Deliberately not what Stripe holds: the server must ask Stripe, not believe the event.
  object: { id: intentId, object: 'payment_intent', status: 'succeeded', amount: 1 },
});

export const refunded = (intentId: string, id = eventId()) => ({
  id,
  type: 'charge.refunded',
  object: { id: `ch_${intentId}`, object: 'charge', payment_intent: intentId, refunded: true },
});

export const disputed = (intentId: string, id = eventId()) => ({
  id,
  type: 'charge.dispute.created',
  object: { id: `dp_${intentId}`, object: 'dispute', payment_intent: intentId },
});

/** A dispute closed: `won` (or `warning_closed`) keeps the money with us, `lost` does not. */
export const disputeClosed = (intentId: string, status: string, id = eventId()) => ({
  id,
  type: 'charge.dispute.closed',
  object: { id: `dp_${intentId}`, object: 'dispute', payment_intent: intentId, status },
});

/** A refund's failure (`refund.failed`, or `refund.updated` to failed), of `amount` cents. */
export const refundFailed = (
  intentId: string,
  amount: number,
  type: 'refund.failed' | 'refund.updated' = 'refund.failed',
  id = eventId(),
) => ({
  id,
  type,
  object: {
    id: `re_${intentId}`,
    object: 'refund',
    payment_intent: intentId,
    charge: `ch_${intentId.slice(3)}`,
    amount,
    status: 'failed',
    failure_reason: 'expired_or_canceled_card',
  },
});

/** A random checkout id, as the app keeps one on the device. */
export const newCheckoutId = () => randomUUID().replace(/-/g, '');

/** Posts a webhook as Stripe does: no cookie, no Origin, the signature over the raw body. */
export async function postWebhook(
  server: TestServer,
  event: { id: string; type: string; object: Record<string, unknown> },
  options: { ageSeconds?: number; secret?: string; signature?: string; apiVersion?: string } = {},
): Promise<Answer> {
  const timestampSeconds = Math.floor(server.clock.now() / 1000) - (options.ageSeconds ?? 0);
  const signed = signedEvent(event, {
    timestampSeconds,
    secret: options.secret,
    apiVersion: options.apiVersion,
  });
  return server.client().request('POST', '/api/stripe/webhook', {
    body: signed.body,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': options.signature ?? signed.signature,
    },
  });
}

/** Signs the client in again (sessions last 30 days; plans may last longer). */
export async function logIn(client: Client, email: string): Promise<Answer> {
  const answer = await client.post('/api/login', { email, password: 'bestie-pass' });
  expect(answer.status).toBe(200);
  return answer;
}

/** Her tier and when it ends, as GET /api/user shows them. */
export async function planOf(client: Client): Promise<{ tier: string; endsAt: string | null }> {
  const answer = await client.get('/api/user');
  expect(answer.status).toBe(200);
  return { tier: answer.body.subscriptionTier, endsAt: answer.body.subscriptionEndsAt };
}

export const isoAt = (ms: number) => new Date(ms).toISOString();
