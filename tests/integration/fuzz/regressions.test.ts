import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe, STRIPE_WEBHOOK_SECRET, stripeEnv } from '../fakes/stripe';
import { startTestServer } from '../harness';
import type { TestServer } from '../harness';

/** Bugs the fuzzer found, each kept as the exact request that showed it. */
describe('a correctly signed Stripe webhook whose body is not an event', () => {
  const stripe = new FakeStripe();
  let server: TestServer;
  beforeAll(async () => {
    await stripe.start();
    server = await startTestServer({ env: stripeEnv(stripe) });
  });
  afterAll(async () => {
    await server.stop();
    await stripe.stop();
  });

  const post = (body: string) =>
    server.client().request('POST', '/api/stripe/webhook', {
      body,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: STRIPE_WEBHOOK_SECRET,
          timestamp: Math.floor(server.clock.now() / 1000),
        }),
      },
    });

  it.each([
    // Found by defaults.test.ts (seed 340389169): a 500 from reading `payment_intent` of undefined.
    ['a string for data', { id: 'evt_1', object: 'event', type: 'charge.refunded', data: 'x' }],
    ['no data', { id: 'evt_2', object: 'event', type: 'payment_intent.succeeded' }],
    ['an id that is not a string', { id: null, type: 'customer.created', data: { object: {} } }],
    ['a type that is not a string', { id: 'evt_3', type: {}, data: { object: {} } }],
  ])('with %s is a 400 invalid_event and records nothing', async (_name, event) => {
    const answer = await post(JSON.stringify(event));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'The webhook body is not a Stripe event',
      code: 'invalid_event',
    });
    const events = await server.db
      .selectFrom('payment_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(events).toEqual({ n: 0 });
  });
});
