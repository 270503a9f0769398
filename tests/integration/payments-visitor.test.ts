import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claimMessages } from '@shared/claims';
import { signedInClient } from './fakes/besties';
import { isoAt, planOf, postWebhook, startPurchase, succeeded, verify } from './fakes/payments';
import { FakeStripe, stripeEnv } from './fakes/stripe';
import type { Client, TestServer } from './harness';
import { DAY, startTestServer } from './harness';
import type { ReceivedMail } from './mail-sink';
import { MailSink, readableBody } from './mail-sink';

// A visitor's purchase is hers only once she proves the billing email, by the link mailed to
// it; signing up or logging in with that email claims nothing by itself.
const PASSWORD = 'bestie-pass';
const PUBLIC_URL = 'https://besties.example';

let sink: MailSink;
let server: TestServer;
beforeEach(async () => {
  sink = await new MailSink().start();
  server = await startTestServer({ env: { SMTP_URL: sink.url, PUBLIC_URL } });
});
afterEach(async () => {
  await server.stop();
  await sink.stop();
});

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
  return { verified, intentId };
}

/** The claim link in a mail, and its token. */
function claimLinkOf(mail: ReceivedMail): { link: string; token: string } {
  const match = /(https:\/\/besties\.example\/auth\?claim=([A-Za-z0-9_-]+))/.exec(
    readableBody(mail.raw),
  );
  if (!match?.[1] || !match[2]) throw new Error(`No claim link in the mail:\n${mail.raw}`);
  return { link: match[1], token: match[2] };
}

/** Waits for the one claim mail to `email` and answers its token. */
async function claimTokenMailedTo(email: string): Promise<string> {
  await sink.waitFor(sink.received.length + 1).catch(() => undefined);
  await expect.poll(() => sink.to(email).length).toBe(1);
  return claimLinkOf(sink.to(email)[0]!).token;
}

const claim = (client: Client, token: string) => client.post('/api/purchases/claim', { token });

describe("a visitor's purchase", () => {
  it('mails a claim link to the billing email; signing up with that email alone gives nothing; the link does', async () => {
    const visitor = server.client();
    const paidAt = server.clock.now();
    const { verified, intentId } = await pay(visitor, 'New.Bestie@Example.com', 'bestie-month');
    expect(verified.body).toEqual({
      ok: true,
      status: 'fulfilled',
      subscriptionTier: null,
      subscriptionEndsAt: null,
    });
    const token = await claimTokenMailedTo('new.bestie@example.com');
    const [mail] = sink.to('new.bestie@example.com');
    expect(readableBody(mail!.raw)).toContain('Bestie for the Month');
    expect(readableBody(mail!.raw)).toContain('expires in 30 days');

    // Once per purchase: verifying again mails nothing more.
    expect((await verify(visitor, intentId, 'bestie-month')).status).toBe(200);

    server.clock.advance(DAY);
    const registered = await visitor.post('/api/register', {
      email: 'new.bestie@example.com',
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    expect(registered.body.subscriptionTier).toBe('free');
    expect((await visitor.get('/api/purchases')).body.purchases).toEqual([]);

    const claimed = await claim(visitor, token);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toEqual({
      purchase: expect.objectContaining({
        planId: 'bestie-month',
        status: 'succeeded',
        startsAt: isoAt(paidAt),
        endsAt: isoAt(paidAt + 30 * DAY),
      }),
      subscriptionTier: 'premium',
      subscriptionEndsAt: isoAt(paidAt + 30 * DAY),
    });
    expect(await planOf(visitor)).toEqual({ tier: 'premium', endsAt: isoAt(paidAt + 30 * DAY) });
    expect((await visitor.get('/api/purchases')).body.purchases).toHaveLength(1);
    // Opened again from her account: the same answer, nothing attached twice.
    expect((await claim(visitor, token)).body).toEqual(claimed.body);
    expect(sink.to('new.bestie@example.com')).toHaveLength(1);
  });

  it('goes to the account that opens the link, whatever its email; then to nobody else (409)', async () => {
    const owner = await signedInClient(server);
    await pay(server.client(), owner.email.toUpperCase(), 'bestie-day');
    const token = await claimTokenMailedTo(owner.email);
    // Logging in with the billing email claims nothing either.
    await owner.client.post('/api/logout');
    expect(
      (await owner.client.post('/api/login', { email: owner.email, password: PASSWORD })).body,
    ).toMatchObject({ subscriptionTier: 'free' });

    const partner = await signedInClient(server, 'partner');
    expect((await claim(partner.client, token)).status).toBe(200);
    expect((await planOf(partner.client)).tier).toBe('basic');
    const taken = await claim(owner.client, token);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: claimMessages.taken, code: 'claim_taken' });
    expect((await planOf(owner.client)).tier).toBe('free');
  });

  it('answers 401 signed out, 404 to an unknown link and 410 once it has expired', async () => {
    await pay(server.client(), 'late@example.com', 'bestie-day');
    const token = await claimTokenMailedTo('late@example.com');
    expect((await claim(server.client(), token)).status).toBe(401);
    const { client } = await signedInClient(server);
    const unknown = await claim(client, 'x'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: claimMessages.notFound, code: 'claim_not_found' });
    expect((await claim(client, '')).status).toBe(400);

    server.clock.advance(30 * DAY);
    const { client: late } = await signedInClient(server);
    const expired = await claim(late, token);
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({ message: claimMessages.expired, code: 'claim_expired' });
    expect((await planOf(late)).tier).toBe('free');
  });

  it('is limited like the other payment routes', async () => {
    const { client } = await signedInClient(server);
    for (let i = 0; i < 30; i++) expect((await claim(client, `unknown-${i}`)).status).toBe(404);
    const limited = await claim(client, 'unknown-31');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });

  it("a signed-in buyer's purchase is hers at once, and mails no claim link", async () => {
    const buyer = await signedInClient(server);
    await pay(buyer.client, 'someone.else@example.com', 'bestie-month');
    expect((await planOf(buyer.client)).tier).toBe('premium');
    const other = server.client();
    const registered = await other.post('/api/register', {
      email: 'someone.else@example.com',
      password: PASSWORD,
    });
    expect(registered.body.subscriptionTier).toBe('free');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.received).toEqual([]);
  });
});

describe("a visitor's purchase fulfilled by Stripe's webhook", () => {
  const fake = new FakeStripe();
  let stripeServer: TestServer;
  beforeAll(async () => {
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
  });
  beforeEach(async () => {
    stripeServer = await startTestServer({
      env: { ...stripeEnv(fake), SMTP_URL: sink.url, PUBLIC_URL },
    });
  });
  afterEach(async () => {
    await stripeServer.stop();
  });

  it('mails the claim link once, however many times the event comes', async () => {
    const { intentId } = await startPurchase(stripeServer.client(), 'bestie-day');
    fake.pay(intentId, 'Hooked@Example.com');
    const event = succeeded(intentId);
    expect((await postWebhook(stripeServer, event)).status).toBe(200);
    expect((await postWebhook(stripeServer, event)).status).toBe(200);
    expect((await postWebhook(stripeServer, succeeded(intentId))).status).toBe(200);
    const token = await claimTokenMailedTo('hooked@example.com');
    const { client } = await signedInClient(stripeServer);
    expect((await claim(client, token)).status).toBe(200);
    expect((await planOf(client)).tier).toBe('basic');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.received).toHaveLength(1);
  });
});
