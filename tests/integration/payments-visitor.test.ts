import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInClient } from './fakes/besties';
import { isoAt, planOf, startPurchase, verify } from './fakes/payments';
import type { Client, TestServer } from './harness';
import { DAY, startTestServer } from './harness';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.stop();
});

const PASSWORD = 'bestie-pass';

/** Pays with the test provider's success card and the given billing email, then verifies. */
async function pay(client: Client, email: string, planId: 'bestie-month' | 'bestie-day') {
  const { intentId, clientSecret } = await startPurchase(client, planId);
  const confirmed = await client.post('/api/test-payments/confirm', {
    clientSecret,
    email,
    cardNumber: '4242424242424242',
    expiry: '12/40',
    cvc: '123',
  });
  expect(confirmed.status).toBe(200);
  const verified = await verify(client, intentId, planId);
  expect(verified.status).toBe(200);
  return verified;
}

describe("a visitor's purchase", () => {
  it('is fulfilled without an account, and becomes hers when she signs up with the billing email', async () => {
    const visitor = server.client();
    const paidAt = server.clock.now();
    const verified = await pay(visitor, 'New.Bestie@Example.com', 'bestie-month');
    expect(verified.body).toEqual({
      ok: true,
      status: 'fulfilled',
      subscriptionTier: null,
      subscriptionEndsAt: null,
    });

    server.clock.advance(DAY);
    const registered = await visitor.post('/api/register', {
      email: 'new.bestie@example.com',
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({
      subscriptionTier: 'premium',
      subscriptionEndsAt: isoAt(paidAt + 30 * DAY),
    });
    const { purchases } = (await visitor.get('/api/purchases')).body;
    expect(purchases).toMatchObject([{ planId: 'bestie-month', status: 'succeeded' }]);

    // Logging in again attaches nothing twice: still one purchase, one period.
    await visitor.post('/api/logout');
    const again = await visitor.post('/api/login', {
      email: 'new.bestie@example.com',
      password: PASSWORD,
    });
    expect(again.body.subscriptionEndsAt).toBe(isoAt(paidAt + 30 * DAY));
    expect((await visitor.get('/api/purchases')).body.purchases).toHaveLength(1);
  });

  it('becomes hers when she logs in, if she already had an account', async () => {
    const { client: elsewhere, email } = await signedInClient(server);
    const visitor = server.client();
    const paidAt = server.clock.now();
    await pay(visitor, email.toUpperCase(), 'bestie-day');
    expect((await planOf(elsewhere)).tier).toBe('free');
    const loggedIn = await visitor.post('/api/login', { email, password: PASSWORD });
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body).toMatchObject({
      subscriptionTier: 'basic',
      subscriptionEndsAt: isoAt(paidAt + DAY),
    });
    expect(await planOf(elsewhere)).toEqual({ tier: 'basic', endsAt: isoAt(paidAt + DAY) });
  });

  it('goes to nobody else: not to another email, and not away from a signed-in buyer', async () => {
    const buyer = await signedInClient(server);
    await pay(buyer.client, 'someone.else@example.com', 'bestie-month');
    expect((await planOf(buyer.client)).tier).toBe('premium');
    await pay(server.client(), 'third@example.com', 'bestie-day');

    const other = server.client();
    const registered = await other.post('/api/register', {
      email: 'someone.else@example.com',
      password: PASSWORD,
    });
    expect(registered.body.subscriptionTier).toBe('free');
    expect((await other.get('/api/purchases')).body.purchases).toEqual([]);
    expect((await buyer.client.get('/api/purchases')).body.purchases).toHaveLength(1);
  });
});
