import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentMessages } from '@shared/payments';
import { signedInClient } from './fakes/besties';
import {
  disputed,
  isoAt,
  logIn,
  planOf,
  postWebhook,
  refunded,
  startPurchase,
  succeeded,
  verify,
} from './fakes/payments';
import { fakeStripeForFile, stripeEnv } from './fakes/stripe';
import type { FakeIntent } from './fakes/stripe';
import type { TestServer } from './harness';
import { DAY, startTestServer } from './harness';

const fake = fakeStripeForFile();
let server: TestServer;
// Each test has its own server, database and clock; the fake Stripe keeps intents apart by id.
beforeEach(async () => {
  server = await startTestServer({ env: stripeEnv(fake) });
});
afterEach(async () => {
  await server.stop();
});

const FREE = { tier: 'free', endsAt: null };

describe('POST /api/guest-create-payment-intent with Stripe', () => {
  it("creates the intent for the catalogue's price, with the plan, purchase and user in its metadata", async () => {
    const { client, userId } = await signedInClient(server);
    const answer = await client.post('/api/guest-create-payment-intent', {
      planId: 'bestie-month',
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['clientSecret']);
    const call = fake.creates().at(-1);
    const intent = [...fake.intents.values()].at(-1);
    expect(answer.body.clientSecret).toBe(intent?.client_secret);
    expect(call?.form.get('amount')).toBe('1499');
    expect(call?.form.get('currency')).toBe('usd');
    expect(intent?.metadata).toEqual({
      planId: 'bestie-month',
      purchaseId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId,
    });
    expect(call?.headers['idempotency-key']).toBe(intent?.metadata.purchaseId);
    expect(call?.headers.authorization).toBe('Bearer sk_test_x');
  });

  it("a visitor's intent carries no user id", async () => {
    const { intentId } = await startPurchase(server.client(), 'bestie-lifetime');
    const intent = fake.intents.get(intentId);
    expect(intent?.amount).toBe(19999);
    expect(Object.keys(intent?.metadata ?? {}).sort()).toEqual(['planId', 'purchaseId']);
  });

  it('refuses anything but the four plan ids', async () => {
    for (const body of [{ planId: 'bestie-free' }, {}, { planId: 1499 }]) {
      const answer = await server.client().post('/api/guest-create-payment-intent', body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(paymentMessages.planInvalid);
    }
  });

  it('answers 502 when Stripe fails, after its one retry', async () => {
    fake.failNext(2);
    const answer = await server
      .client()
      .post('/api/guest-create-payment-intent', { planId: 'bestie-day' });
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({
      message: 'Failed to create payment intent',
      code: 'payment_intent_failed',
    });
  });

  it('refuses a user who already has Bestie for Life', async () => {
    const { client } = await signedInClient(server);
    const { intentId } = await startPurchase(client, 'bestie-lifetime');
    fake.pay(intentId);
    expect((await verify(client, intentId, 'bestie-lifetime')).status).toBe(200);
    const again = await client.post('/api/guest-create-payment-intent', { planId: 'bestie-day' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: paymentMessages.alreadyForever,
      code: 'already_forever',
    });
  });

  it('limits a user to 30 intents an hour', async () => {
    const { client } = await signedInClient(server);
    for (let i = 0; i < 30; i++) await startPurchase(client, 'bestie-day');
    const limited = await client.post('/api/guest-create-payment-intent', { planId: 'bestie-day' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});

describe('POST /api/verify-payment', () => {
  it('fulfils a paid intent: premium for exactly 30 days, from Stripe retrieved with its charge', async () => {
    const { client } = await signedInClient(server);
    const { intentId } = await startPurchase(client, 'bestie-month');
    fake.pay(intentId, 'Her@Example.com');
    const answer = await verify(client, intentId, 'bestie-month');
    expect(answer.status).toBe(200);
    const endsAt = isoAt(server.clock.now() + 30 * DAY);
    expect(answer.body).toEqual({
      ok: true,
      status: 'fulfilled',
      subscriptionTier: 'premium',
      subscriptionEndsAt: endsAt,
    });
    expect(await planOf(client)).toEqual({ tier: 'premium', endsAt });
    const retrieve = fake.retrieves().at(-1);
    expect(retrieve?.path).toBe(`/v1/payment_intents/${intentId}`);
    expect([...(retrieve?.query.values() ?? [])]).toContain('latest_charge');
  });

  it('grants nothing for an intent that has not succeeded', async () => {
    const { client } = await signedInClient(server);
    const { intentId } = await startPurchase(client, 'bestie-month');
    for (const status of ['requires_payment_method', 'requires_action', 'canceled']) {
      fake.set(intentId, { status });
      const answer = await verify(client, intentId, 'bestie-month');
      expect(answer.status).toBe(402);
      expect(answer.body.code).toBe('payment_not_succeeded');
    }
    expect(await planOf(client)).toEqual(FREE);
    expect((await client.get('/api/purchases')).body).toEqual({ purchases: [] });
  });

  it('answers pending while Stripe is still processing, and grants nothing yet', async () => {
    const { client } = await signedInClient(server);
    const { intentId } = await startPurchase(client, 'bestie-month');
    fake.set(intentId, { status: 'processing' });
    const answer = await verify(client, intentId, 'bestie-month');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'pending', subscriptionTier: 'free' });
    expect(await planOf(client)).toEqual(FREE);
  });

  it('grants nothing when the amount, the currency or the plan does not match', async () => {
    const { client } = await signedInClient(server);
    const cases: Partial<FakeIntent>[] = [
      { amount: 1 },
      { currency: 'eur' },
      { metadata: { planId: 'bestie-lifetime' } },
    ];
    for (const patch of cases) {
      const { intentId } = await startPurchase(client, 'bestie-month');
      const intent = fake.pay(intentId);
      fake.set(intentId, { ...patch, metadata: { ...intent.metadata, ...patch.metadata } });
      const answer = await verify(client, intentId, 'bestie-month');
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('payment_mismatch');
      // Nor does the webhook grant it.
      expect((await postWebhook(server, succeeded(intentId))).status).toBe(200);
    }
    // A paid month verified as another plan.
    const { intentId } = await startPurchase(client, 'bestie-month');
    fake.pay(intentId);
    const answer = await verify(client, intentId, 'bestie-lifetime');
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('payment_mismatch');
    expect(await planOf(client)).toEqual(FREE);
  });

  it('answers 404 for an intent that is not one of ours', async () => {
    const answer = await verify(server.client(), 'pi_unknown123', 'bestie-month');
    expect(answer.status).toBe(404);
    const bad = await server
      .client()
      .post('/api/verify-payment', { paymentIntentId: 'nope', planId: 'bestie-month' });
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('fulfils payment_intent.succeeded from the intent Stripe holds', async () => {
    const { client } = await signedInClient(server);
    const { intentId } = await startPurchase(client, 'bestie-year');
    fake.pay(intentId);
    const answer = await postWebhook(server, succeeded(intentId));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true });
    expect(await planOf(client)).toEqual({
      tier: 'premium',
      endsAt: isoAt(server.clock.now() + 365 * DAY),
    });
  });

  it('grants nothing when Stripe says the intent has not succeeded, whatever the event says', async () => {
    const { client } = await signedInClient(server);
    const { intentId } = await startPurchase(client, 'bestie-year');
    expect((await postWebhook(server, succeeded(intentId))).status).toBe(200);
    expect(await planOf(client)).toEqual(FREE);
  });

  it('answers 400 to a bad signature or a stale timestamp, and changes nothing', async () => {
    const { client } = await signedInClient(server);
    const { intentId } = await startPurchase(client, 'bestie-month');
    fake.pay(intentId);
    const event = succeeded(intentId);
    const retrievesBefore = fake.retrieves().length;
    const wrongSecret = await postWebhook(server, event, { secret: 'whsec_other' });
    const noSignature = await postWebhook(server, event, { signature: '' });
    const stale = await postWebhook(server, event, { ageSeconds: 301 });
    for (const answer of [wrongSecret, noSignature, stale]) {
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('invalid_signature');
    }
    expect(await planOf(client)).toEqual(FREE);
    expect(fake.retrieves()).toHaveLength(retrievesBefore);
    // The same event, signed and fresh, is not taken as seen before.
    expect((await postWebhook(server, event, { ageSeconds: 299 })).status).toBe(200);
    expect((await planOf(client)).tier).toBe('premium');
  });

  it('answers 503 without STRIPE_WEBHOOK_SECRET, and 413 to a body over 1 MB', async () => {
    const big = await postWebhook(server, {
      id: 'evt_big',
      type: 'customer.created',
      object: { id: 'cus_1', padding: 'x'.repeat(1024 * 1024) },
    });
    expect(big.status).toBe(413);
    const { STRIPE_WEBHOOK_SECRET: _secret, ...withoutSecret } = stripeEnv(fake);
    const unsigned = await startTestServer({ env: withoutSecret });
    try {
      const answer = await postWebhook(unsigned, succeeded('pi_fake1'));
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe('webhook_not_configured');
    } finally {
      await unsigned.stop();
    }
  });

  it('ignores event types it does not handle', async () => {
    const answer = await postWebhook(server, {
      id: 'evt_other',
      type: 'customer.created',
      object: { id: 'cus_1', object: 'customer' },
    });
    expect(answer.status).toBe(200);
  });

  it('the same event 5 times at once, plus verify, grants exactly one plan', async () => {
    const { client } = await signedInClient(server);
    const { intentId } = await startPurchase(client, 'bestie-month');
    fake.pay(intentId);
    const event = succeeded(intentId);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => postWebhook(server, event)),
      verify(client, intentId, 'bestie-month'),
      postWebhook(server, succeeded(intentId)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(await planOf(client)).toEqual({
      tier: 'premium',
      endsAt: isoAt(server.clock.now() + 30 * DAY),
    });
    const { purchases } = (await client.get('/api/purchases')).body;
    expect(purchases).toHaveLength(1);

    // Sent again a day later (Stripe retries for days), it still changes nothing.
    const endsAt = isoAt(server.clock.now() + 30 * DAY);
    server.clock.advance(DAY);
    expect((await postWebhook(server, event)).status).toBe(200);
    expect((await postWebhook(server, succeeded(intentId))).status).toBe(200);
    expect((await verify(client, intentId, 'bestie-month')).body.subscriptionEndsAt).toBe(endsAt);
    expect((await client.get('/api/purchases')).body.purchases).toHaveLength(1);
  });

  it('a refund takes the plan back, and a dispute does too', async () => {
    const { client } = await signedInClient(server);
    for (const takeBack of [refunded, disputed]) {
      const { intentId } = await startPurchase(client, 'bestie-month');
      fake.pay(intentId);
      expect((await verify(client, intentId, 'bestie-month')).status).toBe(200);
      expect((await planOf(client)).tier).toBe('premium');
      expect((await postWebhook(server, takeBack(intentId))).status).toBe(200);
      expect(await planOf(client)).toEqual(FREE);
      // Verifying it again grants nothing.
      const again = await verify(client, intentId, 'bestie-month');
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('payment_revoked');
      expect(await planOf(client)).toEqual(FREE);
    }
  });

  it('a refund that arrives before the success leaves the purchase refunded for good', async () => {
    const { client } = await signedInClient(server);
    const { intentId } = await startPurchase(client, 'bestie-month');
    fake.pay(intentId);
    expect((await postWebhook(server, refunded(intentId))).status).toBe(200);
    expect((await postWebhook(server, succeeded(intentId))).status).toBe(200);
    expect((await verify(client, intentId, 'bestie-month')).status).toBe(409);
    expect(await planOf(client)).toEqual(FREE);
  });

  it('a partial refund keeps the plan', async () => {
    const { client } = await signedInClient(server);
    const { intentId } = await startPurchase(client, 'bestie-month');
    fake.pay(intentId);
    await verify(client, intentId, 'bestie-month');
    const partial = refunded(intentId);
    partial.object.refunded = false;
    expect((await postWebhook(server, partial)).status).toBe(200);
    expect((await planOf(client)).tier).toBe('premium');
  });

  it('a refund of one month shifts the next one back to start now', async () => {
    const { client } = await signedInClient(server);
    const first = await startPurchase(client, 'bestie-month');
    fake.pay(first.intentId);
    const second = await startPurchase(client, 'bestie-month');
    fake.pay(second.intentId);
    const start = server.clock.now();
    await verify(client, first.intentId, 'bestie-month');
    server.clock.advance(DAY);
    await verify(client, second.intentId, 'bestie-month');
    expect((await planOf(client)).endsAt).toBe(isoAt(start + 60 * DAY));
    await postWebhook(server, refunded(first.intentId));
    expect(await planOf(client)).toEqual({ tier: 'premium', endsAt: isoAt(start + 31 * DAY) });
  });
});

describe('plans in time', () => {
  it('two months make 60 days from the first, and she is free at exactly the end', async () => {
    const { client, email } = await signedInClient(server);
    const start = server.clock.now();
    const first = await startPurchase(client, 'bestie-month');
    fake.pay(first.intentId);
    await verify(client, first.intentId, 'bestie-month');
    server.clock.advance(10 * DAY);
    const second = await startPurchase(client, 'bestie-month');
    fake.pay(second.intentId);
    const answer = await verify(client, second.intentId, 'bestie-month');
    expect(answer.body.subscriptionEndsAt).toBe(isoAt(start + 60 * DAY));
    server.clock.advance(50 * DAY - 1);
    await logIn(client, email); // sessions last 30 days
    expect((await planOf(client)).tier).toBe('premium');
    server.clock.advance(1);
    expect(await planOf(client)).toEqual(FREE);
  });

  it('a day pass bought on a month plan never lowers it: it starts when the month ends', async () => {
    const { client, email } = await signedInClient(server);
    const start = server.clock.now();
    const month = await startPurchase(client, 'bestie-month');
    fake.pay(month.intentId);
    await verify(client, month.intentId, 'bestie-month');
    const day = await startPurchase(client, 'bestie-day');
    fake.pay(day.intentId);
    const answer = await verify(client, day.intentId, 'bestie-day');
    expect(answer.body).toMatchObject({
      subscriptionTier: 'premium',
      subscriptionEndsAt: isoAt(start + 30 * DAY),
    });
    server.clock.advance(30 * DAY);
    await logIn(client, email);
    expect(await planOf(client)).toEqual({ tier: 'basic', endsAt: isoAt(start + 31 * DAY) });
    server.clock.advance(DAY);
    expect(await planOf(client)).toEqual(FREE);
  });
});

describe('GET /api/purchases', () => {
  it('lists her paid purchases newest first, with the period each gave', async () => {
    const { client } = await signedInClient(server);
    expect((await server.client().get('/api/purchases')).status).toBe(401);
    const start = server.clock.now();
    const day = await startPurchase(client, 'bestie-day');
    fake.pay(day.intentId);
    await verify(client, day.intentId, 'bestie-day');
    server.clock.advance(1000);
    const month = await startPurchase(client, 'bestie-month');
    fake.pay(month.intentId);
    await verify(client, month.intentId, 'bestie-month');
    await startPurchase(client, 'bestie-year'); // never paid: not listed
    server.clock.advance(1000);
    const refundedDay = await startPurchase(client, 'bestie-day');
    fake.pay(refundedDay.intentId);
    await verify(client, refundedDay.intentId, 'bestie-day');
    await postWebhook(server, refunded(refundedDay.intentId));

    const answer = await client.get('/api/purchases');
    expect(answer.status).toBe(200);
    expect(answer.body.purchases).toEqual([
      {
        id: expect.any(String),
        planId: 'bestie-day',
        planName: 'Bestie for the Day',
        amountCents: 499,
        currency: 'usd',
        status: 'refunded',
        purchasedAt: isoAt(start + 2000),
        startsAt: null,
        endsAt: isoAt(start + 2000),
      },
      {
        id: expect.any(String),
        planId: 'bestie-month',
        planName: 'Bestie for the Month',
        amountCents: 1499,
        currency: 'usd',
        status: 'succeeded',
        purchasedAt: isoAt(start + 1000),
        startsAt: isoAt(start + 1000),
        endsAt: isoAt(start + 1000 + 30 * DAY),
      },
      {
        id: expect.any(String),
        planId: 'bestie-day',
        planName: 'Bestie for the Day',
        amountCents: 499,
        currency: 'usd',
        status: 'succeeded',
        purchasedAt: isoAt(start),
        startsAt: isoAt(start),
        endsAt: isoAt(start + DAY),
      },
    ]);
  });
});
