import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FORMAT, EXPORT_VERSION, exportFileName } from '@shared/account';
import type { UserExport } from '@shared/account';
import { OCR_UPLOAD_PATH } from '@shared/ocr-api';
import { signedInClient } from './fakes/besties';
import { fakeReader, postImage, smallPng } from './fakes/ocr';
import { startPurchase, verify } from './fakes/payments';
import type { Client, TestServer } from './harness';
import { startTestServer } from './harness';

// One server for the file, with the built-in reply engine, the built-in test payment provider
// and a fake OCR reader; every test makes its own accounts, so any one runs alone.
const reader = fakeReader('Them: are we still on for friday?\nMe: yes!! 7pm');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ocr: reader });
});
afterAll(() => server.stop());

const EXPORT = '/api/user/export';

async function exportOf(client: Client): Promise<{ text: string; data: UserExport }> {
  const answer = await client.get(EXPORT);
  expect(answer.status, answer.text).toBe(200);
  return { text: answer.text, data: answer.body as UserExport };
}

/** The stored (whole) text of every reply in a chat, read from the database. */
async function storedReplies(chatId: string): Promise<string[]> {
  const rows = await server.db
    .selectFrom('messages')
    .select('content')
    .where('chat_id', '=', chatId)
    .where('role', '=', 'assistant')
    .orderBy('chat_seq')
    .execute();
  return rows.map((row) => row.content);
}

/** How a string looks inside a JSON document (quotes, newlines escaped). */
const asJson = (text: string) => JSON.stringify(text).slice(1, -1);

async function pay(client: Client, planId: 'bestie-month' | 'bestie-day' = 'bestie-month') {
  const { intentId, clientSecret } = await startPurchase(client, planId);
  const confirmed = await client.post('/api/test-payments/confirm', {
    clientSecret,
    email: 'payer@example.com',
    name: 'Ann',
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  expect((await verify(client, intentId, planId)).status).toBe(200);
  return intentId;
}

describe('GET /api/user/export', () => {
  it('refuses a visitor with 401', async () => {
    const answer = await server.client().get(EXPORT);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Not signed in', code: 'unauthorized' });
  });

  it('is a JSON download named for the day, never cached', async () => {
    const { client } = await signedInClient(server, 'download');
    const answer = await client.get(EXPORT);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const day = exportFileName(new Date(server.clock.now()));
    expect(day).toMatch(/^besties-export-\d{4}-\d{2}-\d{2}\.json$/);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${day}"`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: new Date(server.clock.now()).toISOString(),
      chats: [],
      purchases: [],
    });
  });

  it('holds her account as GET /api/user shows it, and every chat and message as GET /api/chats/{id}', async () => {
    const { client } = await signedInClient(server, 'complete');
    const profile = await client.request(
      'PATCH',
      `/api/users/${(await client.get('/api/user')).body.id}`,
      {
        json: { name: 'Ann', metadata: { ageRange: '25-34', location: 'Austin, TX' } },
      },
    );
    expect(profile.status, profile.text).toBe(200);

    const empty = await client.post('/api/chats', { isEmptyChatCreation: true });
    expect(empty.status).toBe(201);
    const talk = await client.post('/api/chats', { message: 'Hi Cassie, I need advice' });
    expect(talk.status).toBe(201);
    const more = await client.post(`/api/chats/${talk.body.id}/messages`, {
      message: 'He left me on read',
    });
    expect(more.status).toBe(201);

    // A screenshot, uploaded and sent with its text and analysis, as the app does.
    const upload = await postImage(client, OCR_UPLOAD_PATH, { bytes: await smallPng() });
    expect(upload.status).toBe(201);
    const analysis = {
      type: 'conversation',
      summary: 'Plans for Friday at 7pm',
      keyPoints: ['They asked about Friday', 'She said yes'],
      entities: ['Friday', '7pm'],
      sentiment: 'positive',
    };
    const ocrChat = await client.post('/api/chats', {
      id: randomUUID(),
      message: 'What do you think of this?',
      isOCR: true,
      imageUrl: upload.body.imageUrl,
      extractedText: upload.body.text,
      analysisType: 'general',
      ocrAnalysis: analysis,
      ocrStructuredData: { speakers: ['Them', 'Me'] },
      ocrConfidence: 0.91,
    });
    expect(ocrChat.status, ocrChat.text).toBe(201);

    const { data } = await exportOf(client);
    expect(data.user).toEqual((await client.get('/api/user')).body);
    expect(data.user).toMatchObject({ name: 'Ann', metadata: { location: 'Austin, TX' } });

    const ids = [empty.body.id, talk.body.id, ocrChat.body.id];
    expect(data.chats.map((chat) => chat.id).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const shown = await client.get(`/api/chats/${id}`);
      expect(shown.status).toBe(200);
      const exported = data.chats.find((chat) => chat.id === id);
      // A short chat is one page: the same chat, with no older page.
      expect({ ...exported, hasMore: false, nextBefore: null }).toEqual(shown.body);
    }
    expect(data.chats.find((chat) => chat.id === empty.body.id)?.messages).toEqual([]);
    expect(data.chats.find((chat) => chat.id === talk.body.id)?.messages).toHaveLength(4);

    const screenshot = data.chats
      .find((chat) => chat.id === ocrChat.body.id)
      ?.messages.find((message) => message.isUser);
    expect(screenshot).toMatchObject({
      message: 'What do you think of this?',
      isOCR: true,
      imageUrl: upload.body.imageUrl,
      extractedText: 'Them: are we still on for friday?\nMe: yes!! 7pm',
      analysisType: 'general',
      ocrAnalysis: analysis,
      ocrStructuredData: { speakers: ['Them', 'Me'] },
      ocrConfidence: 0.91,
    });
  });

  it("a free user's export holds only the teaser of a reply; once she pays, the whole reply", async () => {
    const { client } = await signedInClient(server, 'teaser');
    const talk = await client.post('/api/chats', { message: 'Hi Cassie, he ghosted me' });
    expect(talk.status).toBe(201);
    const [whole] = await storedReplies(talk.body.id);
    const shownReply = talk.body.messages[1];
    expect(shownReply.isTeaser).toBe(true);
    expect(whole).toBeDefined();
    // The part she has not paid for: what the teaser leaves out.
    const hidden = (whole ?? '').slice(shownReply.message.replace(/…$/, '').length).trim();
    expect(hidden.length).toBeGreaterThan(10);

    const before = await exportOf(client);
    const reply = before.data.chats[0]?.messages[1];
    expect(reply).toEqual(shownReply);
    expect(reply?.message).not.toBe(whole);
    expect(before.text).not.toContain(asJson(whole ?? ''));
    expect(before.text).not.toContain(asJson(hidden));

    await pay(client);
    const after = await exportOf(client);
    expect(after.data.chats[0]?.messages[1]).toMatchObject({ message: whole, isTeaser: false });
    expect(after.text).toContain(asJson(whole ?? ''));
  });

  it('lists her purchases as GET /api/purchases does, and her sessions with this one current', async () => {
    const { client, email } = await signedInClient(server, 'buyer');
    await pay(client, 'bestie-day');
    const phone = server.client();
    const login = await phone.request('POST', '/api/login', {
      json: { email, password: 'bestie-pass' },
      headers: {
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1',
      },
    });
    expect(login.status).toBe(200);

    const { data } = await exportOf(client);
    const purchases = await client.get('/api/purchases');
    expect(data.purchases).toEqual(purchases.body.purchases);
    expect(data.purchases).toEqual([
      expect.objectContaining({ planId: 'bestie-day', status: 'succeeded' }),
    ]);
    expect(data.sessions).toEqual((await client.get('/api/sessions')).body.sessions);
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions.filter((session) => session.current)).toHaveLength(1);
    expect(data.sessions[0]?.current).toBe(true);

    const fromPhone = await exportOf(phone);
    const current = fromPhone.data.sessions.find((session) => session.current);
    expect(current?.id).not.toBe(data.sessions[0]?.id);
  });

  it("never holds another user's chats", async () => {
    const other = await signedInClient(server, 'other');
    const theirs = await other.client.post('/api/chats', { message: 'SECRET-OF-ANOTHER-42' });
    expect(theirs.status).toBe(201);
    const { client } = await signedInClient(server, 'mine');
    await client.post('/api/chats', { message: 'my own words' });

    const { text, data } = await exportOf(client);
    expect(data.chats).toHaveLength(1);
    expect(text).not.toContain('SECRET-OF-ANOTHER-42');
    expect(text).not.toContain(theirs.body.id);
    expect(text).not.toContain(other.userId);
    expect(text).not.toContain(other.email);
  });

  it('is limited to 10 an hour per user: the 11th is a 429 with Retry-After', async () => {
    const { client } = await signedInClient(server, 'often');
    for (let i = 0; i < 10; i += 1) expect((await client.get(EXPORT)).status).toBe(200);
    const refused = await client.get(EXPORT);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else is not held back by her.
    const { client: another } = await signedInClient(server, 'often-other');
    expect((await another.get(EXPORT)).status).toBe(200);
  });
});
