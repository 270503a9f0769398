import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages } from '@shared/payments';
import { signedInClient } from './fakes/besties';
import { isoAt, planOf, startPurchase, verify } from './fakes/payments';
import { FakeStripe, stripeEnv } from './fakes/stripe';
import type { Client, TestServer } from './harness';
import { DAY, startTestServer } from './harness';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const start = async (env: Record<string, string> = {}) => {
  server = await startTestServer({ env });
  return server;
};

const card = (clientSecret: string, overrides: Record<string, string> = {}) => ({
  clientSecret,
  email: 'Payer@Example.com',
  name: 'Ann',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 34',
  cvc: '123',
  ...overrides,
});

const confirm = (client: Client, body: unknown) => client.post('/api/test-payments/confirm', body);

describe('the built-in test provider (no Stripe keys)', () => {
  it('takes 4242 4242 4242 4242; verify-payment then gives the plan, as with Stripe', async () => {
    const { client } = await signedInClient(await start());
    const { intentId, clientSecret } = await startPurchase(client, 'bestie-month');
    expect(intentId).toMatch(/^pi_test_[0-9a-f]+$/);
    const answer = await confirm(client, card(clientSecret));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ paymentIntentId: intentId, status: 'succeeded' });
    // Confirming takes the payment; only verify-payment (or nothing else) fulfils it.
    expect((await planOf(client)).tier).toBe('free');
    const verified = await verify(client, intentId, 'bestie-month');
    expect(verified.status).toBe(200);
    const endsAt = isoAt((server as TestServer).clock.now() + 30 * DAY);
    expect(verified.body).toEqual({
      ok: true,
      status: 'fulfilled',
      subscriptionTier: 'premium',
      subscriptionEndsAt: endsAt,
    });
    expect(await planOf(client)).toEqual({ tier: 'premium', endsAt });
    // A second confirm of the same payment is refused.
    const again = await confirm(client, card(clientSecret));
    expect(again.status).toBe(409);
  });

  it("declines 4000 0000 0000 0002 with 402 'Your card was declined.', and the payment stays open", async () => {
    const client = (await start()).client();
    const { intentId, clientSecret } = await startPurchase(client, 'bestie-day');
    const declined = await confirm(client, card(clientSecret, { cardNumber: '4000000000000002' }));
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ message: 'Your card was declined.', code: 'card_declined' });
    const notPaid = await verify(client, intentId, 'bestie-day');
    expect(notPaid.status).toBe(402);
    expect(notPaid.body.code).toBe('payment_not_succeeded');
    expect((await confirm(client, card(clientSecret))).status).toBe(200);
    expect((await verify(client, intentId, 'bestie-day')).status).toBe(200);
  });

  it('refuses any other card number, a bad or past expiry and a bad CVC with 400', async () => {
    const client = (await start()).client();
    const { clientSecret } = await startPurchase(client, 'bestie-day');
    const cases: [Record<string, string>, string, string][] = [
      [{ cardNumber: '4000 0000 0000 9995' }, paymentMessages.cardNumberInvalid, 'invalid_card'],
      [{ cardNumber: '1234' }, paymentMessages.cardNumberInvalid, 'invalid_card'],
      [{ expiry: '13/30' }, paymentMessages.expiryInvalid, 'invalid_expiry'],
      [{ expiry: 'soon' }, paymentMessages.expiryInvalid, 'invalid_expiry'],
      [{ expiry: '01/20' }, paymentMessages.expiryPast, 'expired_card'],
      [{ cvc: '12' }, paymentMessages.cvcInvalid, 'invalid_cvc'],
      [{ cvc: '12345' }, paymentMessages.cvcInvalid, 'invalid_cvc'],
      [{ cvc: 'abc' }, paymentMessages.cvcInvalid, 'invalid_cvc'],
    ];
    for (const [overrides, message, code] of cases) {
      const answer = await confirm(client, card(clientSecret, overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body).toEqual({ message, code });
    }
    expect((await confirm(client, card(clientSecret, { email: 'not-an-email' }))).status).toBe(400);
  });

  it('answers 404 for a client secret it never made, and has no Stripe webhook', async () => {
    const client = (await start()).client();
    const answer = await confirm(client, card('pi_test_nope_secret_nope'));
    expect(answer.status).toBe(404);
    const webhook = await client.request('POST', '/api/stripe/webhook', {
      body: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
    });
    expect(webhook.status).toBe(404);
  });

  it('has a card the month it expires, and not the month after', async () => {
    const now = Date.UTC(2031, 4, 31, 23, 0);
    server = await startTestServer();
    server.clock.time = now;
    const client = server.client();
    const { clientSecret } = await startPurchase(client, 'bestie-day');
    expect((await confirm(client, card(clientSecret, { expiry: '04/31' }))).status).toBe(400);
    expect((await confirm(client, card(clientSecret, { expiry: '05/2031' }))).status).toBe(200);
  });
});

describe('payments off: production without PAYMENTS_TEST_MODE', () => {
  it("answers GET /api/config 'off', create-intent 503, and has no confirm route", async () => {
    const client = (await start({ NODE_ENV: 'production' })).client();
    expect((await client.get('/api/config')).body).toEqual({ payments: { provider: 'off' } });
    const answer = await client.post('/api/guest-create-payment-intent', { planId: 'bestie-day' });
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ message: paymentMessages.paymentsOff, code: 'payments_off' });
    expect((await confirm(client, card('pi_test_a_secret_b'))).status).toBe(404);
  });

  it('PAYMENTS_TEST_MODE=true turns the test provider on in production', async () => {
    const client = (await start({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' })).client();
    expect((await client.get('/api/config')).body).toEqual({ payments: { provider: 'test' } });
    const { clientSecret } = await startPurchase(client, 'bestie-day');
    expect((await confirm(client, card(clientSecret))).status).toBe(200);
  });
});

describe('GET /api/config', () => {
  const fake = new FakeStripe();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());

  it('gives a visitor the provider, and with Stripe the publishable key only', async () => {
    expect((await (await start()).client().get('/api/config')).body).toEqual({
      payments: { provider: 'test' },
    });
    await server?.stop();
    const stripe = await start(stripeEnv(fake));
    const answer = await stripe.client().get('/api/config');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ payments: { provider: 'stripe', publishableKey: 'pk_test_x' } });
    expect(answer.text).not.toContain('sk_test_x');
    expect(answer.text).not.toContain('whsec_x');
    // With Stripe there is no test confirm route.
    expect((await confirm(stripe.client(), card('pi_a_secret_b'))).status).toBe(404);
  });
});
