import { REPLY_FAILED_MESSAGE } from '@shared/chat';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAi } from './fakes/openai';
import { grant, parseEvents, signedInClient, SSE } from './fakes/besties';
import { replyWritten } from './fakes/sync';
import type { TestServer } from './harness';
import { startTestServer } from './harness';

describe('POST /api/chats/{id}/messages with Accept: text/event-stream (built-in engine)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('streams user, deltas and the reply to a paid user; the deltas join to the reply', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'premium');
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true, personaId: 4 });
    const id = randomUUID();
    const answer = await client.post(
      `/api/chats/${chat.body.id}/messages`,
      { id, message: 'My sister borrowed my dress and ruined it, I am so mad' },
      SSE,
    );
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('x-accel-buffering')).toBe('no');
    const events = parseEvents(answer.text);
    expect(events[0]).toMatchObject({ event: 'user', data: { id, isUser: true } });
    const deltas = events.filter((event) => event.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    const last = events.at(-1);
    expect(last?.event).toBe('reply');
    expect(last?.data).toMatchObject({ isUser: false, isTeaser: false });
    expect(deltas.map((event) => event.data.text).join('')).toBe(last?.data.message);
    const stored = await client.get(`/api/chats/${chat.body.id}`);
    expect(stored.body.messages[1]).toEqual(last?.data);
  });

  it('sends a free user her teaser as one delta', async () => {
    const { client } = await signedInClient(server);
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    const answer = await client.post(
      `/api/chats/${chat.body.id}/messages`,
      { message: 'I failed my driving test today' },
      SSE,
    );
    const events = parseEvents(answer.text);
    expect(events.map((event) => event.event)).toEqual(['user', 'delta', 'reply']);
    expect(events[2]?.data.isTeaser).toBe(true);
    expect(events[1]?.data.text).toBe(events[2]?.data.message);
  });

  it('replays a repeated message id as user, one delta and the same reply', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'vip');
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true, personaId: 5 });
    const body = { id: randomUUID(), message: 'He asked me out!!' };
    const first = parseEvents(
      (await client.post(`/api/chats/${chat.body.id}/messages`, body, SSE)).text,
    );
    const again = await client.post(`/api/chats/${chat.body.id}/messages`, body, SSE);
    expect(again.status).toBe(200);
    const events = parseEvents(again.text);
    expect(events.map((event) => event.event)).toEqual(['user', 'delta', 'reply']);
    expect(events[2]?.data).toEqual(first.at(-1)?.data);
  });

  it('hanging up mid-reply stops her wait, not the reply: it is stored once and a resend answers it', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'premium');
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true, personaId: 3 });
    const body = { id: randomUUID(), message: 'I have so much to tell you about my week' };
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/chats/${chat.body.id}/messages`, {
      method: 'POST',
      headers: { ...SSE, 'content-type': 'application/json', cookie: client.cookieHeader() },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    let seen = '';
    while (!seen.includes('event: delta')) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      seen += new TextDecoder().decode(chunk.value);
    }
    expect(seen).toContain('event: delta');
    controller.abort();
    const written = await replyWritten(client, chat.body.id, body.id);
    expect(written.event).toBe('reply');
    const kept = await client.get(`/api/chats/${chat.body.id}`);
    expect(kept.body.messages).toEqual([
      expect.objectContaining({ id: body.id, isUser: true, seq: 1 }),
      { ...written.data, seq: 2 },
    ]);
    const resent = await client.post(`/api/chats/${chat.body.id}/messages`, body);
    expect(resent.status).toBe(200);
    expect(resent.body.reply).toEqual(written.data);
  });

  it('answers errors before the stream starts as JSON (404, 403, 400)', async () => {
    const { client } = await signedInClient(server);
    const missing = await client.post(
      `/api/chats/${randomUUID()}/messages`,
      { message: 'hi' },
      SSE,
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Chat not found', code: 'not_found' });
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    const empty = await client.post(`/api/chats/${chat.body.id}/messages`, { message: ' ' }, SSE);
    expect(empty.status).toBe(400);
  });
});

describe('streaming from an OpenAI-compatible server', () => {
  const fake = new FakeOpenAi();
  let server: TestServer;
  beforeAll(async () => {
    await fake.start();
    server = await startTestServer({
      env: { OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'fake-model' },
    });
  });
  afterAll(async () => {
    await server.stop();
    await fake.stop();
  });

  it("streams the model's pieces to a paid user and stores the whole reply", async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'premium');
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true, personaId: 2 });
    const answer = await client.post(
      `/api/chats/${chat.body.id}/messages`,
      { message: 'Tell me something' },
      SSE,
    );
    const events = parseEvents(answer.text);
    const deltas = events
      .filter((event) => event.event === 'delta')
      .map((event) => event.data.text);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(fake.reply);
    expect(events.at(-1)?.data.message).toBe(fake.reply);
    const request = fake.completions().at(-1);
    expect(request?.body).toMatchObject({ model: 'fake-model', stream: true });
  });

  it('ends with an error event when the provider fails, and a resend of the same id succeeds', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'premium');
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true, personaId: 3 });
    const body = { id: randomUUID(), message: 'Are you there?' };
    fake.failNext(3);
    const failed = parseEvents(
      (await client.post(`/api/chats/${chat.body.id}/messages`, body, SSE)).text,
    );
    expect(failed.map((event) => event.event)).toEqual(['user', 'error']);
    expect(failed[1]?.data).toEqual({
      message: REPLY_FAILED_MESSAGE,
      code: 'reply_failed',
    });
    const retried = parseEvents(
      (await client.post(`/api/chats/${chat.body.id}/messages`, body, SSE)).text,
    );
    expect(retried.at(-1)).toMatchObject({ event: 'reply', data: { message: fake.reply } });
    const stored = await client.get(`/api/chats/${chat.body.id}`);
    expect(stored.body.messages).toHaveLength(2);
  });
});
