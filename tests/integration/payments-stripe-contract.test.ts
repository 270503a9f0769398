import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STRIPE_API_VERSION } from '../../sync-server/src/payments/stripeProvider';
import { signedInClient } from './fakes/besties';
import {
  disputeClosed,
  disputed,
  isoAt,
  planOf,
  postWebhook,
  refunded,
  refundFailed,
  startPurchase,
  succeeded,
  verify,
} from './fakes/payments';
import { fakeStripeForFile, stripeEnv } from './fakes/stripe';
import type { FakeStripe } from './fakes/stripe';
import type { TestServer } from './harness';
import { DAY, LogCapture, startTestServer } from './harness';

// The server checked against Stripe's own contract (what each endpoint takes, where Stripe
// keeps the billing email, which events give a purchase back).
const fake = fakeStripeForFile();
let server: TestServer;
let log: LogCapture;
beforeEach(async () => {
  log = new LogCapture();
  server = await startTestServer({ env: stripeEnv(fake), logger: log.logger });
});
afterEach(async () => {
  await server.stop();
});

/** The billing email the server recorded for a purchase. */
async function recordedEmail(intentId: string): Promise<string | null> {
  const row = await server.db
    .selectFrom('purchases')
    .select('email')
    .where('payment_intent_id', '=', intentId)
    .executeTakeFirstOrThrow();
  return row.email;
}

describe('the Stripe stand-in keeps to the API', () => {
  it("refuses a parameter an endpoint does not take, as Stripe does (400 'parameter_unknown')", async () => {
    const post = (path: string, form: string) =>
      fetch(`${fake.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
    const created = await post('/v1/payment_intents', 'amount=499&currency=usd&planId=x');
    expect(created.status).toBe(400);
    expect(await created.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'parameter_unknown', param: 'planId' },
    });
    const ok = await post('/v1/payment_intents', 'amount=499&currency=usd&metadata[planId]=x');
    const { id } = (await ok.json()) as { id: string };
    const canceled = await post(`/v1/payment_intents/${id}/cancel`, 'amount=1');
    expect(canceled.status).toBe(400);
    const updated = await post(`/v1/payment_intents/${id}`, 'confirm=true');
    expect(updated.status).toBe(400);
    const retrieved = await fetch(`${fake.url}/v1/payment_intents/${id}?expand[0]=x&amount=1`);
    expect(retrieved.status).toBe(400);
  });
});

describe('creating an intent sends only what the flow needs', () => {
  it('amount, currency and metadata, at the pinned API version: no parameter restating a default', async () => {
    const { client } = await signedInClient(server);
    await startPurchase(client, 'bestie-month');
    const call = fake.creates().at(-1);
    const names = [...new Set([...(call?.form.keys() ?? [])].map((name) => name.split('[')[0]))];
    expect(names.sort()).toEqual(['amount', 'currency', 'metadata']);
    expect(call?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
  });

  it('retrieves with the payment method and the charge expanded, at the same version', async () => {
    const { client } = await signedInClient(server);
    const { intentId } = await startPurchase(client, 'bestie-day');
    fake.pay(intentId);
    expect((await verify(client, intentId, 'bestie-day')).status).toBe(200);
    const call = fake.retrieves().at(-1);
    expect(call?.query.getAll('expand[0]').concat(call.query.getAll('expand[1]')).sort()).toEqual([
      'latest_charge',
      'payment_method',
    ]);
    expect(call?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
  });
});

describe("the webhook endpoint's API version", () => {
  const warnings = () =>
    log.lines.filter((line) => String(line.msg).includes('not at API version'));

  it('is the pinned one: an event at another version is still handled, and the log says so', async () => {
    const { client } = await signedInClient(server);
    const { intentId } = await startPurchase(client, 'bestie-day');
    fake.pay(intentId);
    expect((await postWebhook(server, succeeded(intentId))).status).toBe(200);
    expect(warnings()).toEqual([]);
    const old = succeeded(intentId);
    expect((await postWebhook(server, old, { apiVersion: '2023-10-16' })).status).toBe(200);
    expect(warnings()).toMatchObject([{ level: 40, apiVersion: '2023-10-16' }]);
    expect((await planOf(client)).tier).toBe('basic');
  });
});

describe('the billing email is read where Stripe keeps it', () => {
  const paidWith = async (patch: Parameters<FakeStripe['set']>[1]) => {
    const { intentId } = await startPurchase(server.client(), 'bestie-day');
    fake.set(intentId, { status: 'succeeded', ...patch });
    expect((await verify(server.client(), intentId, 'bestie-day')).status).toBe(200);
    return recordedEmail(intentId);
  };

  it("on the payment method's billing details (the Payment Element's), first", async () => {
    expect(
      await paidWith({ email: 'Method@Example.com', charge_email: null, receipt_email: null }),
    ).toBe('method@example.com');
    expect(
      await paidWith({ email: 'method@example.com', charge_email: 'charge@example.com' }),
    ).toBe('method@example.com');
  });

  it("on the charge's billing details, when the payment method has none", async () => {
    expect(await paidWith({ email: null, charge_email: 'Charge@Example.com' })).toBe(
      'charge@example.com',
    );
  });

  it('as the receipt email, when neither has one', async () => {
    expect(
      await paidWith({ email: null, charge_email: null, receipt_email: 'receipt@example.com' }),
    ).toBe('receipt@example.com');
    expect(await paidWith({ email: null, charge_email: null, receipt_email: null })).toBeNull();
  });
});

describe('disputes and refunds, both ways', () => {
  async function paidMonth() {
    const { client } = await signedInClient(server);
    const start = server.clock.now();
    const { intentId } = await startPurchase(client, 'bestie-month');
    fake.pay(intentId);
    expect((await verify(client, intentId, 'bestie-month')).status).toBe(200);
    return { client, intentId, start };
  }

  it('a won dispute gives the plan back, its period counted from the purchase as before', async () => {
    const { client, intentId, start } = await paidMonth();
    server.clock.advance(3 * DAY);
    await postWebhook(server, disputed(intentId));
    expect((await planOf(client)).tier).toBe('free');
    server.clock.advance(DAY);
    const won = disputeClosed(intentId, 'won');
    expect((await postWebhook(server, won)).status).toBe(200);
    expect(await planOf(client)).toEqual({ tier: 'premium', endsAt: isoAt(start + 30 * DAY) });
    const [purchase] = (await client.get('/api/purchases')).body.purchases;
    expect(purchase).toMatchObject({
      status: 'succeeded',
      startsAt: isoAt(start),
      endsAt: isoAt(start + 30 * DAY),
    });
    // The same event again changes nothing; a later dispute takes it back again.
    expect((await postWebhook(server, won)).status).toBe(200);
    await postWebhook(server, disputed(intentId));
    expect((await planOf(client)).tier).toBe('free');
    expect((await postWebhook(server, won)).status).toBe(200);
    expect((await planOf(client)).tier).toBe('free');
  });

  it('a lost dispute leaves it taken back, and a closed dispute never restores a refund', async () => {
    const { client, intentId } = await paidMonth();
    await postWebhook(server, disputed(intentId));
    await postWebhook(server, disputeClosed(intentId, 'lost'));
    expect((await planOf(client)).tier).toBe('free');

    const other = await paidMonth();
    await postWebhook(server, refunded(other.intentId));
    await postWebhook(server, disputeClosed(other.intentId, 'won'));
    expect((await planOf(other.client)).tier).toBe('free');
  });

  it('a failed refund (refund.failed, or refund.updated to failed) gives the plan back', async () => {
    for (const type of ['refund.failed', 'refund.updated'] as const) {
      const { client, intentId, start } = await paidMonth();
      await postWebhook(server, refunded(intentId));
      expect((await planOf(client)).tier).toBe('free');
      const failed = refundFailed(intentId, 1499, type);
      expect((await postWebhook(server, failed)).status).toBe(200);
      expect(await planOf(client)).toEqual({ tier: 'premium', endsAt: isoAt(start + 30 * DAY) });
      // Resent: once only, even after another refund took it back.
      await postWebhook(server, refunded(intentId));
      expect((await postWebhook(server, failed)).status).toBe(200);
      expect((await planOf(client)).tier).toBe('free');
    }
  });

  it("a partial refund's failure, or a refund still pending, gives nothing back", async () => {
    const { client, intentId } = await paidMonth();
    await postWebhook(server, refunded(intentId));
    await postWebhook(server, refundFailed(intentId, 500));
    const pending = refundFailed(intentId, 1499, 'refund.updated');
    pending.object.status = 'pending';
    await postWebhook(server, pending);
    expect((await planOf(client)).tier).toBe('free');
  });
});
