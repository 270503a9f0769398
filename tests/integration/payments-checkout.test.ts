import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInClient } from './fakes/besties';
import { newCheckoutId, startPurchase, verify } from './fakes/payments';
import { fakeStripeForFile, stripeEnv } from './fakes/stripe';
import type { Client, TestServer } from './harness';
import { startTestServer } from './harness';

// One PaymentIntent per checkout. Reopening it answers her pending intent; another plan
// cancels it for a new one; a paid (or processing) intent is never handed out again.
const fake = fakeStripeForFile();
let server: TestServer;

describe('one PaymentIntent per checkout, with Stripe', () => {
  beforeEach(async () => {
    server = await startTestServer({ env: stripeEnv(fake) });
  });
  afterEach(async () => {
    await server.stop();
  });

  it("reopening a visitor's checkout answers the same intent while Stripe can still confirm it", async () => {
    const visitor = server.client();
    const checkoutId = newCheckoutId();
    const created = fake.creates().length;
    const first = await startPurchase(visitor, 'bestie-month', checkoutId);
    const again = await startPurchase(visitor, 'bestie-month', checkoutId);
    expect(again).toEqual(first);
    for (const status of ['requires_confirmation', 'requires_action']) {
      fake.set(first.intentId, { status });
      expect(await startPurchase(visitor, 'bestie-month', checkoutId)).toEqual(first);
    }
    expect(fake.creates().length - created).toBe(1);
    // Another device's checkout, or none at all, is another checkout.
    const other = await startPurchase(server.client(), 'bestie-month', newCheckoutId());
    expect(other.intentId).not.toBe(first.intentId);
    const none = await startPurchase(visitor, 'bestie-month');
    expect(none.intentId).not.toBe(first.intentId);
  });

  it('opened twice at once (a double tap), it still makes one intent', async () => {
    const visitor = server.client();
    const checkoutId = newCheckoutId();
    const created = fake.creates().length;
    const both = await Promise.all([
      startPurchase(visitor, 'bestie-day', checkoutId),
      startPurchase(visitor, 'bestie-day', checkoutId),
    ]);
    expect(both[1]).toEqual(both[0]);
    expect(fake.creates().length - created).toBe(1);
  });

  it("a signed-in user's checkout is found by her user id, on any device", async () => {
    const { client, email } = await signedInClient(server);
    const first = await startPurchase(client, 'bestie-day', newCheckoutId());
    const phone = server.client();
    expect((await phone.post('/api/login', { email, password: 'bestie-pass' })).status).toBe(200);
    expect(await startPurchase(phone, 'bestie-day')).toEqual(first);
  });

  it('another plan cancels the old intent and makes a new one, which verify then fulfils', async () => {
    const visitor = server.client();
    const checkoutId = newCheckoutId();
    const day = await startPurchase(visitor, 'bestie-day', checkoutId);
    const month = await startPurchase(visitor, 'bestie-month', checkoutId);
    expect(month.intentId).not.toBe(day.intentId);
    expect(fake.intents.get(day.intentId)?.status).toBe('canceled');
    expect(fake.cancels().at(-1)?.form.get('cancellation_reason')).toBe('abandoned');
    expect(fake.intents.get(month.intentId)).toMatchObject({
      amount: 1499,
      metadata: { planId: 'bestie-month' },
    });
    // Back to the first plan: the month's intent is the open one now, canceled in its turn.
    const dayAgain = await startPurchase(visitor, 'bestie-day', checkoutId);
    expect(dayAgain.intentId).not.toBe(day.intentId);
    expect(fake.intents.get(month.intentId)?.status).toBe('canceled');
    fake.pay(dayAgain.intentId);
    expect((await verify(visitor, dayAgain.intentId, 'bestie-day')).body.status).toBe('fulfilled');
    expect((await verify(visitor, day.intentId, 'bestie-day')).status).toBe(402);
  });

  it('never hands out an intent that succeeded or is processing, even before verify', async () => {
    const { client } = await signedInClient(server);
    for (const status of ['succeeded', 'processing']) {
      const first = await startPurchase(client, 'bestie-month');
      fake.set(first.intentId, { status });
      const next = await startPurchase(client, 'bestie-month');
      expect(next.intentId).not.toBe(first.intentId);
      expect(fake.intents.get(first.intentId)?.status).toBe(status);
    }
  });

  it('makes a new intent when Stripe canceled the old one, and still answers only { clientSecret }', async () => {
    const visitor = server.client();
    const checkoutId = newCheckoutId();
    const first = await startPurchase(visitor, 'bestie-year', checkoutId);
    fake.set(first.intentId, { status: 'canceled' });
    const answer = await visitor.post('/api/guest-create-payment-intent', {
      planId: 'bestie-year',
      checkoutId,
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['clientSecret']);
    expect(answer.body.clientSecret).not.toBe(first.clientSecret);
  });

  it('refuses a checkoutId that is not 16 to 64 letters, digits, _ or -', async () => {
    for (const checkoutId of ['short', 'x'.repeat(65), 'has space in it!!', 42]) {
      const answer = await server
        .client()
        .post('/api/guest-create-payment-intent', { planId: 'bestie-day', checkoutId });
      expect(answer.status).toBe(400);
    }
  });
});

describe('one PaymentIntent per checkout, with the built-in test provider', () => {
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.stop();
  });

  const confirm = (client: Client, clientSecret: string) =>
    client.post('/api/test-payments/confirm', {
      clientSecret,
      email: 'test@example.com',
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    });

  it('reopens the same intent, cancels it for another plan, and never reuses a paid one', async () => {
    const visitor = server.client();
    const checkoutId = newCheckoutId();
    const first = await startPurchase(visitor, 'bestie-day', checkoutId);
    expect(await startPurchase(visitor, 'bestie-day', checkoutId)).toEqual(first);

    const month = await startPurchase(visitor, 'bestie-month', checkoutId);
    expect(month.intentId).not.toBe(first.intentId);
    const canceled = await confirm(visitor, first.clientSecret);
    expect(canceled.status).toBe(409);
    expect(canceled.body.code).toBe('payment_canceled');

    expect((await confirm(visitor, month.clientSecret)).status).toBe(200);
    const next = await startPurchase(visitor, 'bestie-month', checkoutId);
    expect(next.intentId).not.toBe(month.intentId);
    expect((await verify(visitor, month.intentId, 'bestie-month')).body.status).toBe('fulfilled');
  });
});
