import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePullPage } from '@shared/compact-pull';
import { PULL_COMPACT_MAX_LIMIT, PULL_MAX_LIMIT } from '@shared/sync';
import { seedHistory } from '../../bench/seed';
import { signedInClient } from './fakes/besties';
import { createChat, deleteChat, pullAll, push, repliesWritten, sendMessage } from './fakes/sync';
import type { Client, TestServer } from './harness';
import { startTestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

/** Every compact page from `cursor` on, each read back as a PullAnswer. */
async function pullAllCompact(client: Client, cursor = 0, limit = PULL_COMPACT_MAX_LIMIT) {
  const pages = [];
  let hasMore = true;
  while (hasMore) {
    const answer = await client.get(
      `/api/sync/pull?format=compact&cursor=${cursor}&limit=${limit}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const page = decodePullPage(answer.body);
    pages.push({ page, bytes: answer.text.length });
    cursor = page.cursor;
    hasMore = page.hasMore;
  }
  return pages;
}

describe('GET /api/sync/pull?format=compact', () => {
  it('carries exactly what the default pages carry: a free user’s teasers, her messages, a deleted chat', async () => {
    const { client } = await signedInClient(server);
    const kept = randomUUID();
    const gone = randomUUID();
    const mutations = [
      createChat(kept, 'I had such a weird day'),
      sendMessage(kept, 'And then my friend stopped talking to me'),
      createChat(gone, 'Delete me later'),
    ];
    expect((await push(client, mutations)).status).toBe(200);
    await repliesWritten(client, mutations);
    expect((await push(client, [deleteChat(gone)])).status).toBe(200);

    const expected = await pullAll(client, 0, 2);
    const pages = await pullAllCompact(client, 0, 2);
    expect(pages.map(({ page }) => page.cursor)).toEqual(expected.cursors);
    const rows = pages.map(({ page }) => page);
    expect(rows.flatMap((page) => page.chats)).toEqual(expected.chats);
    expect(rows.flatMap((page) => page.messages)).toEqual(expected.messages);
    expect(rows.flatMap((page) => page.tombstones)).toEqual([{ type: 'chat', id: gone }]);
    expect(expected.messages.some((message) => message.isTeaser)).toBe(true);
  });

  it('sends a long history in larger pages at under a third of the bytes of the default format', async () => {
    const { client, userId } = await signedInClient(server);
    await seedHistory(server.db, { userId, chats: 40, messagesPerChat: 50 });
    const plain = await client.get(`/api/sync/pull?cursor=0&limit=${PULL_MAX_LIMIT}`);
    const compact = await client.get(
      `/api/sync/pull?format=compact&cursor=0&limit=${PULL_COMPACT_MAX_LIMIT}`,
    );
    const page = decodePullPage(compact.body);
    expect(page.chats).toHaveLength(40);
    expect(page.messages).toHaveLength(2000);
    expect(page.hasMore).toBe(false);
    expect(page.messages.slice(0, PULL_MAX_LIMIT - 40)).toEqual(
      plain.body.messages.slice(0, PULL_MAX_LIMIT - 40),
    );
    expect(compact.text.length).toBeLessThan((plain.text.length * 2) / 3);
  });

  it('keeps the default page at most 1000 rows, and refuses a format it does not know', async () => {
    const { client } = await signedInClient(server);
    const tooMany = await client.get(`/api/sync/pull?limit=${PULL_MAX_LIMIT + 1}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('validation_error');
    const tooManyCompact = await client.get(
      `/api/sync/pull?format=compact&limit=${PULL_COMPACT_MAX_LIMIT + 1}`,
    );
    expect(tooManyCompact.status).toBe(400);
    expect((await client.get('/api/sync/pull?format=xml')).status).toBe(400);
    const empty = await client.get('/api/sync/pull?format=compact');
    expect(empty.status).toBe(200);
    expect(decodePullPage(empty.body)).toEqual({
      chats: [],
      messages: [],
      tombstones: [],
      cursor: 0,
      hasMore: false,
    });
  });
});
