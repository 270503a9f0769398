import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant, signedInClient } from './fakes/besties';
import { createChat, push, repliesWritten, sendMessage } from './fakes/sync';
import type { TestServer } from './harness';
import { DAY, sameBrowserOn, startTestServer, TestClock } from './harness';

/*
 * Her chat list, her pages and her pull pages are kept by each server process between requests
 * (http/keptAnswers.ts). What she sees must never lag: a write by another process, a change of
 * plan with nothing written, someone else asking, and every encoding.
 */

const clock = new TestClock();
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  const env = { BUILTIN_REPLY_PIECE_DELAY_MS: '0' };
  a = await startTestServer({ env, clock });
  b = await startTestServer({ env, clock, dataDir: a.dataDir });
});
afterAll(async () => {
  await b.stop({ keepData: true });
  await a.stop();
});

const titles = (answer: { body: { title: string }[] }) => answer.body.map((chat) => chat.title);

describe('kept lists and pages', () => {
  it('show at once what another process wrote', async () => {
    const { client } = await signedInClient(a);
    const there = sameBrowserOn(b, client);
    const first = createChat(randomUUID(), 'first chat');
    await push(client, [first]);
    await repliesWritten(client, [first]);
    const chatId = (first as { chat: { id: string } }).chat.id;

    expect(titles(await there.get('/api/chats'))).toEqual(['first chat']);
    const page = await there.get(`/api/chats/${chatId}?limit=10`);
    expect(page.body.messages).toHaveLength(2);
    // Asked again with nothing new: the same answer.
    expect((await there.get(`/api/chats/${chatId}?limit=10`)).body).toEqual(page.body);
    const pulled = await there.get('/api/sync/pull?cursor=0&limit=100');
    const cursor = pulled.body.cursor as number;
    expect((await there.get(`/api/sync/pull?cursor=${cursor}&limit=100`)).body.messages).toEqual(
      [],
    );

    const second = createChat(randomUUID(), 'second chat');
    const more = sendMessage(chatId, 'and one more thing');
    await push(client, [second, more]);
    await repliesWritten(client, [second, more]);

    expect(titles(await there.get('/api/chats')).sort()).toEqual(['first chat', 'second chat']);
    const after = await there.get(`/api/chats/${chatId}?limit=10`);
    expect(after.body.messages.map((m: { message: string }) => m.message)).toContain(
      'and one more thing',
    );
    expect(after.body.messages).toHaveLength(4);
    const news = await there.get(`/api/sync/pull?cursor=${cursor}&limit=100`);
    expect(news.body.messages).toHaveLength(4);
    expect(news.body.chats.map((chat: { title: string }) => chat.title)).toContain('second chat');
  });

  it('follow her plan, when it starts and when it ends with nothing written', async () => {
    const { client, userId } = await signedInClient(a);
    const chat = await client.post('/api/chats', {
      message: 'should I text him first or wait for him',
    });
    const read = async () => {
      const page = (await client.get(`/api/chats/${chat.body.id}`)).body.messages.at(-1);
      const pulled = (await client.get('/api/sync/pull?cursor=0&limit=100')).body.messages.at(-1);
      expect(pulled).toEqual(page);
      return page as { isTeaser: boolean; message: string };
    };
    const teaser = await read();
    expect(teaser.isTeaser).toBe(true);

    await grant(a, userId, 'basic', clock.now() + DAY);
    const whole = await read();
    expect(whole.isTeaser).toBe(false);
    expect(whole.message.length).toBeGreaterThan(teaser.message.length);

    clock.advance(DAY + 1);
    expect(await read()).toEqual(teaser);
  });

  it('are never shown to someone else', async () => {
    const { client } = await signedInClient(a);
    const chat = await client.post('/api/chats', { message: 'my secret' });
    expect((await client.get(`/api/chats/${chat.body.id}`)).status).toBe(200);
    expect((await client.get('/api/chats')).body).toHaveLength(1);
    expect((await client.get('/api/sync/pull?cursor=0&limit=100')).text).toContain('my secret');

    const { client: other } = await signedInClient(a);
    const theirs = await other.get(`/api/chats/${chat.body.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain('my secret');
    expect((await other.get('/api/chats')).body).toEqual([]);
    expect((await other.get('/api/sync/pull?cursor=0&limit=100')).text).not.toContain('my secret');
  });

  it('are the same JSON in every encoding, asked in any order', async () => {
    const { client } = await signedInClient(a);
    const chat = await client.post('/api/chats', { message: 'hello there' });
    const sends = Array.from({ length: 30 }, (_, index) =>
      sendMessage(chat.body.id, `message number ${index} of many`),
    );
    await push(client, sends);
    await repliesWritten(client, sends);
    const path = `/api/chats/${chat.body.id}?limit=100`;
    const plain = await client.get(path, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip', 'br', 'identity']) {
      const answer = await client.get(path, { 'accept-encoding': encoding });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.headers.get('content-encoding')).toBe(
        encoding === 'identity' ? null : encoding,
      );
      expect(answer.body).toEqual(plain.body);
    }
  });
});
