import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grant, signedInClient } from './fakes/besties';
import { createChat, push, sendMessage } from './fakes/sync';
import type { TestServer } from './harness';
import { HOUR, startTestServer } from './harness';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer({
    env: { REPLY_LIMIT_FREE_PER_HOUR: '2', REPLY_LIMIT_PAID_PER_HOUR: '3' },
  });
});
afterEach(async () => {
  await server.stop();
});

const LIMIT_WORDS =
  /^You've sent a lot of messages this hour, so your bestie is taking a short breather\. You can send more in about \d+ minutes?\.$/;

describe('replies one user can make the server pay for', () => {
  it('refuses a free user past her hourly limit with 429, Retry-After and friendly words', async () => {
    const { client } = await signedInClient(server);
    const chat = await client.post('/api/chats', { message: 'first' });
    expect(chat.status).toBe(201);
    const second = await client.post(`/api/chats/${chat.body.id}/messages`, { message: 'two' });
    expect(second.status).toBe(201);

    const third = await client.post(`/api/chats/${chat.body.id}/messages`, { message: 'three' });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(third.body).toMatchObject({ code: 'rate_limited' });
    expect(third.body.message).toMatch(LIMIT_WORDS);
    // Nothing was stored for the refused message.
    const stored = await client.get(`/api/chats/${chat.body.id}`);
    expect(stored.body.messages.map((m: { message: string }) => m.message)).not.toContain('three');

    server.clock.advance(HOUR);
    const later = await client.post(`/api/chats/${chat.body.id}/messages`, { message: 'later' });
    expect(later.status).toBe(201);
  });

  it('never limits a crisis: help comes in full past the limit', async () => {
    const { client } = await signedInClient(server);
    const chat = await client.post('/api/chats', { message: 'one' });
    await client.post(`/api/chats/${chat.body.id}/messages`, { message: 'two' });
    const crisis = await client.post(`/api/chats/${chat.body.id}/messages`, {
      message: 'i want to kill myself',
    });
    expect(crisis.status).toBe(201);
    expect(crisis.body.reply).toMatchObject({ isCrisis: true, isTeaser: false });
    expect(crisis.body.reply.message).toContain('741741');
  });

  it('counts sync pushes toward the same limit, refusing the mutation past it', async () => {
    const { client } = await signedInClient(server);
    const chatId = randomUUID();
    const answer = await push(client, [
      createChat(chatId, 'one'),
      sendMessage(chatId, 'two'),
      sendMessage(chatId, 'three'),
    ]);
    expect(answer.status).toBe(200);
    const results = answer.body.results as { status: string; error?: { status: number } }[];
    expect(results.map((result) => result.status)).toEqual(['applied', 'applied', 'rejected']);
    expect(results[2]?.error).toMatchObject({ status: 429, code: 'rate_limited' });
    const rest = await client.post(`/api/chats/${chatId}/messages`, { message: 'four' });
    expect(rest.status).toBe(429);
  });

  it('gives a paid plan its own, larger limit', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'premium');
    const chat = await client.post('/api/chats', { message: 'one' });
    for (const message of ['two', 'three']) {
      expect((await client.post(`/api/chats/${chat.body.id}/messages`, { message })).status).toBe(
        201,
      );
    }
    const fourth = await client.post(`/api/chats/${chat.body.id}/messages`, { message: 'four' });
    expect(fourth.status).toBe(429);
  });

  it('in care mode, gives a free user the paid limit, and past it a kind word with the help card, never a wall', async () => {
    const { client } = await signedInClient(server);
    const chat = await client.post('/api/chats', { message: 'one' });
    const url = `/api/chats/${chat.body.id}/messages`;
    expect((await client.post(url, { message: 'two' })).status).toBe(201);
    // Her limit (2) is reached; a crisis is never counted and puts the chat in care mode.
    const crisis = await client.post(url, { message: 'i want to kill myself' });
    expect(crisis.body.reply).toMatchObject({ isCrisis: true });
    // The paid limit (3): one more reply from the bestie.
    const third = await client.post(url, { message: 'three' });
    expect(third.status).toBe(201);
    expect(third.body.reply).toMatchObject({ isTeaser: false, isCrisis: false });
    expect(third.body.reply.message).not.toMatch(/I'm still right here with you/);
    for (const message of ['four', 'five']) {
      const kind = await client.post(url, { message });
      expect(kind.status).toBe(201);
      expect(kind.body.userMessage.message).toBe(message);
      expect(kind.body.reply).toMatchObject({ isTeaser: false, isCrisis: false, helpCard: true });
      expect(kind.body.reply.message).toMatch(/I'm still right here with you/);
    }
    // The same through sync: applied, answered with the kind word.
    const pushed = await push(client, [sendMessage(chat.body.id, 'six')]);
    expect(pushed.body.results[0]).toMatchObject({ status: 'applied' });
    // Another chat, not in care mode, still has her own limit.
    const other = await client.post('/api/chats', { message: 'hello' });
    expect(other.status).toBe(429);
    // Once care mode ends, her own limit again.
    server.clock.advance(25 * HOUR);
    const fresh = await client.post(url, { message: 'seven' });
    expect(fresh.status).toBe(201);
    expect(fresh.body.reply).toMatchObject({ isTeaser: true, helpCard: false });
  });

  it('starts care mode as her crisis message is stored, before its reply is written', async () => {
    const { client } = await signedInClient(server);
    const chatId = randomUUID();
    const answer = await push(client, [
      createChat(chatId, 'one'),
      sendMessage(chatId, 'two'),
      sendMessage(chatId, 'i want to kill myself'),
      sendMessage(chatId, 'three'),
    ]);
    const results = answer.body.results as { status: string }[];
    expect(results.map((result) => result.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
    ]);
    const chat = answer.body.results[3].rows.chats[0];
    expect(chat.careUntil).not.toBeNull();
  });
});
