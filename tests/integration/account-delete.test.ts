import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_FIELD } from '@shared/account';
import { OCR_UPLOAD_PATH } from '@shared/ocr-api';
import { signedInClient } from './fakes/besties';
import { FakeOpenAi } from './fakes/openai';
import { fakeReader, getBytes, postImage, smallPng } from './fakes/ocr';
import { postWebhook, startPurchase, succeeded, verify } from './fakes/payments';
import { FakeStripe, stripeEnv } from './fakes/stripe';
import { push, sendMessage } from './fakes/sync';
import type { Answer, Client, TestServer } from './harness';
import { everyRowOf, sessionCookieOf, startTestServer } from './harness';
import type { Row } from './harness';

// Each describe has its own server (the built-in reply engine and test payment provider, a fake
// OCR reader); every test makes its own accounts, so any one runs alone.
const PASSWORD = 'bestie-pass';
const WRONG_PASSWORD = { message: 'That password is not right', code: 'wrong_password' };

const deleteAccount = (client: Client, json: unknown) =>
  client.request('DELETE', '/api/user', { json });

/** The tables with a row that holds her id or her email in any column (any case, anywhere). */
async function tablesHolding(server: TestServer, needles: string[]): Promise<Map<string, Row[]>> {
  const found = new Map<string, Row[]>();
  for (const [table, rows] of await everyRowOf(server.db)) {
    const hits = rows.filter((row) =>
      Object.values(row).some((value) => {
        const text = Buffer.isBuffer(value) ? value.toString('latin1') : String(value);
        return needles.some((needle) => text.toLowerCase().includes(needle.toLowerCase()));
      }),
    );
    if (hits.length > 0) found.set(table, hits);
  }
  return found;
}

async function purchaseRows(server: TestServer, intentIds: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const id of intentIds) {
    const row = await server.db
      .selectFrom('purchases')
      .selectAll()
      .where('payment_intent_id', '=', id)
      .executeTakeFirst();
    rows.push(row ?? {});
  }
  return rows;
}

const listDir = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

const card = (clientSecret: string, email: string) => ({
  clientSecret,
  email,
  name: 'Ann Example',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 34',
  cvc: '123',
});

async function pay(client: Client, email: string): Promise<string> {
  const { intentId, clientSecret } = await startPurchase(client, 'bestie-month');
  expect((await client.post('/api/test-payments/confirm', card(clientSecret, email))).status).toBe(
    200,
  );
  expect((await verify(client, intentId, 'bestie-month')).status).toBe(200);
  return intentId;
}

async function uploadProfileImage(client: Client): Promise<Answer> {
  const form = new FormData();
  form.append(
    PROFILE_IMAGE_FIELD,
    new Blob([new Uint8Array(await smallPng(64, 64))], { type: 'image/png' }),
    'me.png',
  );
  const response = await fetch(new URL('/api/user/profile-image', client.baseUrl), {
    method: 'POST',
    headers: { cookie: client.cookieHeader() },
    body: form,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: JSON.parse(text),
    setCookies: [],
  };
}

describe('DELETE /api/user', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ocr: fakeReader() });
  });
  afterAll(() => server.stop());

  it('refuses a visitor with 401', async () => {
    const answer = await deleteAccount(server.client(), { password: PASSWORD, confirm: 'DELETE' });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Not signed in', code: 'unauthorized' });
  });

  it('asks for her password and the word DELETE (400 with the field messages); nothing changes', async () => {
    const { client } = await signedInClient(server, 'careful');
    const chat = await client.post('/api/chats', { message: 'Keep me' });
    const cases: [unknown, Record<string, string>][] = [
      [{ password: PASSWORD }, { confirm: 'Type DELETE to confirm' }],
      [{ password: PASSWORD, confirm: 'delete' }, { confirm: 'Type DELETE to confirm' }],
      [{ confirm: 'DELETE' }, { password: 'Password is required' }],
      [{ password: '', confirm: 'DELETE' }, { password: 'Password is required' }],
      [{}, { password: 'Password is required', confirm: 'Type DELETE to confirm' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await deleteAccount(client, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({
        message: Object.values(fields)[0],
        code: 'validation_error',
        fields,
      });
      expect(sessionCookieOf(answer)).toBeUndefined();
    }
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await client.get(`/api/chats/${chat.body.id}`)).body.messages).toHaveLength(2);
  });

  it('refuses a wrong password with 403 and changes nothing', async () => {
    const { client, email, userId } = await signedInClient(server, 'wrong');
    const chat = await client.post('/api/chats', { message: 'Still here' });
    const answer = await deleteAccount(client, { password: 'not-her-password', confirm: 'DELETE' });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(WRONG_PASSWORD);
    expect(sessionCookieOf(answer)).toBeUndefined();

    expect((await client.get('/api/user')).body.id).toBe(userId);
    expect((await client.get(`/api/chats/${chat.body.id}`)).body.messages).toHaveLength(2);
    const again = server.client();
    expect((await again.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('allows 5 password tries in 15 minutes: the 6th is a 429, even with the right password', async () => {
    const { client } = await signedInClient(server, 'guesser');
    for (let i = 0; i < 5; i += 1) {
      const answer = await deleteAccount(client, { password: `guess-${i}`, confirm: 'DELETE' });
      expect(answer.status).toBe(403);
    }
    const refused = await deleteAccount(client, { password: PASSWORD, confirm: 'DELETE' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await client.get('/api/user')).status).toBe(200);

    server.clock.advance(15 * 60 * 1000);
    expect((await deleteAccount(client, { password: PASSWORD, confirm: 'DELETE' })).status).toBe(
      200,
    );
  });

  it('erases everything of hers, signs out every device, and her email can sign up anew', async () => {
    const other = await signedInClient(server, 'neighbour');
    const otherImage = await postImage(other.client, OCR_UPLOAD_PATH, { bytes: await smallPng() });
    const otherChat = await other.client.post('/api/chats', {
      id: randomUUID(),
      message: 'My screenshot',
      isOCR: true,
      imageUrl: otherImage.body.imageUrl,
      extractedText: 'Them: hi',
    });
    expect(otherChat.status).toBe(201);

    const { client, email, userId } = await signedInClient(server, 'leaving');
    const phone = server.client();
    expect((await phone.post('/api/login', { email, password: PASSWORD })).status).toBe(200);

    // Something of hers in every place she can leave a trace.
    const image = await postImage(client, OCR_UPLOAD_PATH, { bytes: await smallPng() });
    const chat = await client.post('/api/chats', {
      id: randomUUID(),
      message: 'Look at this',
      isOCR: true,
      imageUrl: image.body.imageUrl,
      extractedText: 'Them: hey',
    });
    expect(chat.status).toBe(201);
    expect((await client.post('/api/chats', { isEmptyChatCreation: true })).status).toBe(201);
    const pushed = await push(phone, [sendMessage(chat.body.id, 'From my phone')]);
    expect(pushed.body.results[0].status).toBe('applied');
    const profile = await client.request('PATCH', `/api/users/${userId}`, {
      json: { name: 'Leaving Lu', metadata: { location: 'Austin, TX' } },
    });
    expect(profile.status).toBe(200);
    expect((await uploadProfileImage(client)).status).toBe(200);
    const paid = await pay(client, email);
    // A second purchase she started and never finished.
    const pending = await startPurchase(client, 'bestie-day');
    expect((await server.client().post('/api/forgot-password', { email })).status).toBe(200);
    await expect.poll(() => listDir(path.join(server.dataDir, 'mail')).length).toBeGreaterThan(0);
    const imagesDir = path.join(server.dataDir, 'images', userId);
    const pictureDir = path.join(server.dataDir, 'profile-images', userId);
    expect(listDir(imagesDir)).toHaveLength(1);
    expect(listDir(pictureDir)).toHaveLength(1);

    // The check below sees her where she is.
    const before = [...(await tablesHolding(server, [userId, email])).keys()];
    expect(before).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'chats',
        'messages',
        'images',
        'password_resets',
        'processed_mutations',
        'reply_jobs',
        'user_change_seq',
        'purchases',
        'test_payment_intents',
        'rate_limits',
      ]),
    );

    const answer = await deleteAccount(client, { password: PASSWORD, confirm: 'DELETE' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect(sessionCookieOf(answer)).toMatch(/^besties_session=;.*Max-Age=0/);
    expect(client.cookies.size).toBe(0);

    // Nothing of hers is left in any table but her purchases, with no link to her.
    expect(await tablesHolding(server, [userId, email])).toEqual(new Map());
    expect(await purchaseRows(server, [paid, pending.intentId])).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        user_id: null,
        email: null,
        plan_id: 'bestie-month',
      }),
      expect.objectContaining({
        status: 'pending',
        user_id: null,
        email: null,
        plan_id: 'bestie-day',
      }),
    ]);
    expect(listDir(imagesDir)).toEqual([]);
    expect(existsSync(imagesDir)).toBe(false);
    expect(existsSync(pictureDir)).toBe(false);
    const mail = listDir(path.join(server.dataDir, 'mail')).map((name) =>
      readFileSync(path.join(server.dataDir, 'mail', name), 'utf8'),
    );
    expect(mail.filter((eml) => eml.includes(email))).toEqual([]);

    // Both devices are signed out, and her old password opens nothing.
    for (const device of [client, phone]) {
      expect((await device.get('/api/user')).status).toBe(401);
      expect((await device.get('/api/chats')).status).toBe(401);
    }
    const login = await server.client().post('/api/login', { email, password: PASSWORD });
    expect(login.status).toBe(401);
    expect(login.body.code).toBe('invalid_credentials');

    // Her neighbour keeps everything.
    expect((await other.client.get('/api/user')).status).toBe(200);
    const kept = await other.client.get(`/api/chats/${otherChat.body.id}`);
    expect(kept.body.messages).toHaveLength(2);
    expect((await getBytes(other.client, otherImage.body.imageUrl)).status).toBe(200);

    // The payment she had started goes through after she left: it stays nobody's.
    const confirmed = await server
      .client()
      .post('/api/test-payments/confirm', card(pending.clientSecret, email));
    expect(confirmed.status).toBe(200);
    expect((await verify(server.client(), pending.intentId, 'bestie-day')).status).toBe(200);

    // Her email signs up anew: a fresh account, nothing of the old one comes back.
    const fresh = server.client();
    const registered = await fresh.post('/api/register', { email, password: 'a-new-start' });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({
      email,
      name: null,
      profileImage: null,
      subscriptionTier: 'free',
    });
    expect(registered.body.id).not.toBe(userId);
    expect((await fresh.get('/api/chats')).body).toEqual([]);
    expect((await fresh.get('/api/purchases')).body).toEqual({ purchases: [] });
    expect((await fresh.post('/api/login', { email, password: 'a-new-start' })).status).toBe(200);
    expect((await fresh.get('/api/purchases')).body).toEqual({ purchases: [] });
    expect(await purchaseRows(server, [paid, pending.intentId])).toEqual([
      expect.objectContaining({ status: 'succeeded', user_id: null, email: null }),
      expect.objectContaining({ status: 'succeeded', user_id: null, email: null }),
    ]);
  });
});

describe('a reply being written when she deletes her account', () => {
  const fake = new FakeOpenAi();
  let server: TestServer;
  beforeAll(async () => {
    await fake.start();
    server = await startTestServer({ env: { OPENAI_BASE_URL: fake.url } });
  });
  afterAll(async () => {
    fake.release();
    await server.stop();
    await fake.stop();
  });

  it('is dropped quietly: no row comes back, and the server goes on replying to others', async () => {
    const { client, userId, email } = await signedInClient(server, 'mid-reply');
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    fake.hold();
    const asked = fake.completions().length;
    expect((await push(client, [sendMessage(chat.body.id, 'Are you there?')])).status).toBe(200);
    await expect.poll(() => fake.completions().length).toBeGreaterThan(asked);

    const answer = await deleteAccount(client, { password: PASSWORD, confirm: 'DELETE' });
    expect(answer.status).toBe(200);
    fake.release();

    // The reply finishes for nobody; the runner is free for the next one.
    const other = await signedInClient(server, 'after');
    const replied = await other.client.post('/api/chats', { message: 'Hello!' });
    expect(replied.status).toBe(201);
    expect(replied.body.messages).toHaveLength(2);
    expect(await tablesHolding(server, [userId, email])).toEqual(new Map());
    const rows = await server.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('chat_id', '=', chat.body.id)
      .executeTakeFirst();
    expect(rows?.n).toBe(0);
  });
});

describe('a Stripe payment she started that succeeds after she left', () => {
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

  it('is recorded as paid, for nobody: her email signing up again does not get it', async () => {
    const { client, email } = await signedInClient(server, 'stripe-leaver');
    const { intentId } = await startPurchase(client, 'bestie-month');
    const answer = await deleteAccount(client, { password: PASSWORD, confirm: 'DELETE' });
    expect(answer.status).toBe(200);

    // Stripe still names her user id in the intent's metadata; the payment goes through.
    stripe.pay(intentId, email);
    expect((await postWebhook(server, succeeded(intentId))).status).toBe(200);
    expect(await purchaseRows(server, [intentId])).toEqual([
      expect.objectContaining({ status: 'succeeded', user_id: null, email: null }),
    ]);

    const fresh = server.client();
    expect((await fresh.post('/api/register', { email, password: 'a-new-start' })).status).toBe(
      201,
    );
    expect((await fresh.get('/api/purchases')).body).toEqual({ purchases: [] });
    expect((await fresh.get('/api/user')).body.subscriptionTier).toBe('free');
  });
});
