import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_FAILED_MESSAGE, replyStreamPath } from '@shared/chat';
import { FakeOpenAi } from './fakes/openai';
import { grant, signedInClient, SSE } from './fakes/besties';
import type { Answer, TestServer } from './harness';
import { startTestServer } from './harness';

const MARKER = 'UNIQUE-MARKER-xyz';
const fake = new FakeOpenAi();
let server: TestServer;

beforeAll(async () => {
  await fake.start();
  server = await startTestServer({ env: { OPENAI_BASE_URL: fake.url } });
});
afterAll(async () => {
  await server.stop();
  await fake.stop();
});

describe('teasers: a free user never receives the whole reply', () => {
  it('no answer to a free user carries the second sentence, until she upgrades', async () => {
    const { client, userId } = await signedInClient(server, 'free');
    const answers: Answer[] = [];
    const keep = (answer: Answer) => {
      answers.push(answer);
      return answer;
    };

    const created = keep(await client.post('/api/chats', { message: 'Hi Cassie, I need advice' }));
    expect(created.status).toBe(201);
    const chatId = created.body.id as string;
    expect(created.body.messages[1]).toMatchObject({
      message: 'Oh babe, I hear you.',
      isTeaser: true,
    });

    const sent = keep(await client.post(`/api/chats/${chatId}/messages`, { message: 'More?' }));
    expect(sent.status).toBe(201);
    expect(sent.body.reply).toMatchObject({ message: 'Oh babe, I hear you.', isTeaser: true });

    const streamed = keep(
      await client.post(`/api/chats/${chatId}/messages`, { message: 'And now?' }, SSE),
    );
    expect(streamed.status).toBe(201);
    expect(streamed.text).toContain('Oh babe, I hear you.');

    const repeat = keep(
      await client.post(`/api/chats/${chatId}/messages`, {
        id: sent.body.userMessage.id,
        message: 'More?',
      }),
    );
    expect(repeat.body.reply.isTeaser).toBe(true);

    // The reply stream, of a stored reply and of one being written.
    keep(await client.get(replyStreamPath(chatId, sent.body.userMessage.id), SSE));
    const pushed = { id: randomUUID(), message: 'Tell me more' };
    fake.hold();
    keep(
      await client.post('/api/sync/push', {
        mutations: [{ id: randomUUID(), type: 'sendMessage', chatId, message: pushed }],
      }),
    );
    const live = await fetch(new URL(replyStreamPath(chatId, pushed.id), server.url), {
      headers: { ...SSE, cookie: client.cookieHeader() },
    });
    fake.release();
    const liveText = await live.text();
    expect(liveText).toContain('event: reply');
    expect(liveText).not.toContain(MARKER);

    keep(await client.get(`/api/chats/${chatId}`));
    keep(await client.get('/api/chats'));
    keep(await client.get('/api/sync/pull'));
    keep(await client.get('/api/user'));

    expect(fake.completions().length).toBeGreaterThanOrEqual(3);
    for (const answer of answers) expect(answer.text).not.toContain(MARKER);

    // The whole reply was stored, and shows in full once she upgrades.
    await grant(server, userId, 'premium');
    const upgraded = await client.get(`/api/chats/${chatId}`);
    expect(upgraded.text).toContain(MARKER);
    const replies = upgraded.body.messages.filter((m: { isUser: boolean }) => !m.isUser);
    expect(replies).toHaveLength(4);
    for (const reply of replies)
      expect(reply).toMatchObject({ message: fake.reply, isTeaser: false });
  });

  it('a basic (day plan) user gets Cassie in full', async () => {
    const { client, userId } = await signedInClient(server, 'basic');
    await grant(server, userId, 'basic');
    const created = await client.post('/api/chats', { message: 'Hi' });
    expect(created.body.messages[1]).toMatchObject({ message: fake.reply, isTeaser: false });
  });
});

describe('provider failures', () => {
  it('answers 502 reply_failed keeping her message, and the same message id retries', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'premium');
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    const body = { id: randomUUID(), message: 'Hello?' };
    fake.failNext(3); // the first try and the SDK's two retries
    const failed = await client.post(`/api/chats/${chat.body.id}/messages`, body);
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({
      message: REPLY_FAILED_MESSAGE,
      code: 'reply_failed',
    });
    const kept = await client.get(`/api/chats/${chat.body.id}`);
    expect(kept.body.messages).toEqual([expect.objectContaining({ id: body.id, isUser: true })]);

    const retried = await client.post(`/api/chats/${chat.body.id}/messages`, body);
    expect(retried.status).toBe(201);
    expect(retried.body.reply.message).toBe(fake.reply);
    const after = await client.get(`/api/chats/${chat.body.id}`);
    expect(after.body.messages).toHaveLength(2);
  });

  it('a create whose reply fails answers 502, and the same create again finishes it', async () => {
    const { client } = await signedInClient(server);
    const body = { id: randomUUID(), messageId: randomUUID(), message: 'First words' };
    fake.failNext(3);
    const failed = await client.post('/api/chats', body);
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe('reply_failed');
    const again = await client.post('/api/chats', body);
    expect(again.status).toBe(200);
    expect(again.body.messages).toHaveLength(2);
    expect(again.body.messages[0].id).toBe(body.messageId);
  });
});

describe("a free user's model context", () => {
  it('holds the earlier replies only as the teasers she saw; after an upgrade, in full', async () => {
    const { client, userId } = await signedInClient(server, 'free');
    const created = await client.post('/api/chats', { message: 'Hi Cassie' });
    const chatId = created.body.id as string;
    await client.post(`/api/chats/${chatId}/messages`, { message: 'Tell me what you meant' });
    const asFree = fake.completions().at(-1)?.body.messages ?? [];
    const earlierReplies = asFree.filter((item) => item.role === 'assistant');
    expect(earlierReplies.map((item) => item.content)).toEqual(['Oh babe, I hear you.']);
    expect(JSON.stringify(asFree)).not.toContain(MARKER);

    await grant(server, userId, 'premium');
    await client.post(`/api/chats/${chatId}/messages`, { message: 'And now?' });
    const asPaid = fake.completions().at(-1)?.body.messages ?? [];
    expect(JSON.stringify(asPaid)).toContain(MARKER);
  });
});

describe('the prompt', () => {
  it("carries the persona's voice, her name and profile, and the chat's screenshot text", async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'premium');
    await server.db
      .updateTable('users')
      .set({ name: 'Jasmine', age_range: '18-24', location: 'Austin, TX' })
      .where('id', '=', userId)
      .execute();
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true, personaId: 2 });
    await client.post(`/api/chats/${chat.body.id}/messages`, {
      message: 'What does he mean by this?',
      isOCR: true,
      extractedText: 'him: we should talk SCREENSHOT-TEXT-42',
    });
    await client.post(`/api/chats/${chat.body.id}/messages`, { message: 'Be honest' });
    const request = fake.completions().at(-1);
    const [system, ...history] = request?.body.messages ?? [];
    // OPENAI_BASE_URL alone (a keyless local server) sends a placeholder key.
    expect(request?.headers.authorization).toBe('Bearer not-needed');
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('You are Brooke: bold, sassy');
    expect(system?.content).toMatch(/never claim to be human/);
    expect(system?.content).toContain('Jasmine');
    expect(system?.content).toContain('18-24');
    expect(system?.content).toContain('Austin, TX');
    expect(system?.content).toContain('SCREENSHOT-TEXT-42');
    expect(history.map((item) => item.role)).toEqual(['user', 'assistant', 'user']);
    expect(history.at(-1)?.content).toBe('Be honest');
  });
});
