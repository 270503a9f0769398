import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatPageMessages } from '@shared/chat';
import { appendMessage } from '../../sync-server/src/chats/repo';
import { userMessageRow } from '../../sync-server/src/replies/send';
import { inTransaction } from '../../sync-server/src/db/database';
import { grant, signedInClient } from './fakes/besties';
import type { Client, TestServer } from './harness';
import { startTestServer, withDataOf } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const T0 = Date.UTC(2030, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Writes messages 1..count into her chat through a second connection (as the server writes
 * them: appendMessage), one a second from T0. Answers their ids.
 */
async function seedMessages(props: {
  userId: string;
  chatId: string;
  count: number;
}): Promise<string[]> {
  return withDataOf(server.dataDir, (data) =>
    inTransaction(data, async (db) => {
      const ids: string[] = [];
      for (let n = 1; n <= props.count; n++) {
        const id = randomUUID();
        const row = userMessageRow(
          { message: `message ${n}` },
          { id, chatId: props.chatId, userId: props.userId, now: T0 + n * 1000 },
        );
        await appendMessage(db, { message: row });
        ids.push(id);
      }
      return ids;
    }),
  );
}

async function longChat(count: number) {
  const { client, userId } = await signedInClient(server, 'pager');
  const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
  expect(chat.status).toBe(201);
  const ids = await seedMessages({ userId, chatId: chat.body.id, count });
  return { client, userId, chatId: chat.body.id as string, ids };
}

const texts = (body: { messages: { message: string }[] }) =>
  body.messages.map((message) => message.message);
const numbered = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `message ${from + index}`);

async function page(client: Client, chatId: string, query = '') {
  return client.get(`/api/chats/${chatId}${query}`);
}

describe('GET /api/chats/{id} of a short chat', () => {
  it('is the whole chat as before, with hasMore false and nextBefore null', async () => {
    const { client } = await signedInClient(server, 'short');
    const created = await client.post('/api/chats', { message: 'Hi Cassie' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ hasMore: false, nextBefore: null });
    expect(created.body.messages).toHaveLength(2);

    const answer = await page(client, created.body.id);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(
      [
        'careUntil',
        'hasMore',
        'id',
        'messages',
        'nextBefore',
        'persona',
        'timestamp',
        'title',
        'updatedAt',
      ].sort(),
    );
    expect(answer.body).toEqual(created.body);
  });
});

describe('GET /api/chats/{id} of a chat of 250 messages', () => {
  it('answers the newest 100, oldest first, then older pages with before=nextBefore', async () => {
    const { client, chatId, ids } = await longChat(250);

    const first = await page(client, chatId);
    expect(first.status).toBe(200);
    expect(texts(first.body)).toEqual(numbered(151, 250));
    expect(first.body.messages.map((message: { seq: number }) => message.seq)).toEqual(
      Array.from({ length: 100 }, (_, index) => 151 + index),
    );
    expect(first.body).toMatchObject({ hasMore: true, nextBefore: ids[150] });

    const second = await page(client, chatId, `?before=${first.body.nextBefore}`);
    expect(texts(second.body)).toEqual(numbered(51, 150));
    expect(second.body).toMatchObject({ hasMore: true, nextBefore: ids[50] });

    const last = await page(client, chatId, `?before=${second.body.nextBefore}`);
    expect(texts(last.body)).toEqual(numbered(1, 50));
    expect(last.body).toMatchObject({ hasMore: false, nextBefore: null });
  });

  it('takes limit from 1 to 200', async () => {
    const { client, chatId, ids } = await longChat(250);
    const one = await page(client, chatId, '?limit=1');
    expect(texts(one.body)).toEqual(['message 250']);
    expect(one.body).toMatchObject({ hasMore: true, nextBefore: ids[249] });

    const most = await page(client, chatId, '?limit=200');
    expect(texts(most.body)).toEqual(numbered(51, 250));
    expect(most.body).toMatchObject({ hasMore: true, nextBefore: ids[50] });

    const rest = await page(client, chatId, `?limit=200&before=${ids[50]}`);
    expect(texts(rest.body)).toEqual(numbered(1, 50));
    expect(rest.body).toMatchObject({ hasMore: false, nextBefore: null });
  });

  it('takes an ISO timestamp as before: the messages written before that moment', async () => {
    const { client, chatId, ids } = await longChat(250);
    const before = encodeURIComponent(iso(T0 + 100 * 1000));
    const older = await page(client, chatId, `?before=${before}`);
    expect(older.status).toBe(200);
    expect(texts(older.body)).toEqual(numbered(1, 99));
    expect(older.body).toMatchObject({ hasMore: false, nextBefore: null });

    const ten = await page(client, chatId, `?before=${before}&limit=10`);
    expect(texts(ten.body)).toEqual(numbered(90, 99));
    expect(ten.body).toMatchObject({ hasMore: true, nextBefore: ids[89] });

    const withOffset = await page(
      client,
      chatId,
      `?before=${encodeURIComponent('2030-01-01T01:00:03+01:00')}`,
    );
    expect(texts(withOffset.body)).toEqual(numbered(1, 2));
  });
});

describe('GET /api/chats/{id} with a bad query', () => {
  const LIMIT = {
    message: chatPageMessages.limit,
    code: 'validation_error',
    fields: { limit: chatPageMessages.limit },
  };
  const BEFORE = {
    message: chatPageMessages.before,
    code: 'validation_error',
    fields: { before: chatPageMessages.before },
  };

  it('says so for a limit that is not a whole number from 1 to 200 (400)', async () => {
    expect(chatPageMessages.limit).toBe('limit must be a whole number from 1 to 200');
    const { client, chatId } = await longChat(5);
    for (const query of [
      'limit=0',
      'limit=201',
      'limit=abc',
      'limit=1.5',
      'limit=',
      'limit=-1',
      'limit=5&limit=6',
    ]) {
      const answer = await page(client, chatId, `?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toEqual(LIMIT);
    }
  });

  it('says so for a before that is not a message of this chat nor an ISO timestamp (400)', async () => {
    expect(chatPageMessages.before).toBe(
      'before must be the id of a message in this chat or an ISO timestamp',
    );
    const { client, chatId } = await longChat(5);
    const elsewhere = await client.post('/api/chats', { message: 'Another chat' });
    const stranger = await longChat(3);
    const befores = [
      randomUUID(),
      elsewhere.body.messages[0].id,
      stranger.ids[0],
      'not an id!',
      '2030-13-45T99:00:00Z',
      '',
    ];
    for (const before of befores) {
      const answer = await page(client, chatId, `?before=${encodeURIComponent(before)}`);
      expect(answer.status, before).toBe(400);
      expect(answer.body, before).toEqual(BEFORE);
    }
    // Nothing changed: the chat reads as it did.
    expect(texts((await page(client, chatId)).body)).toEqual(numbered(1, 5));
  });

  it("answers 404 for someone else's chat, whatever the query", async () => {
    const owner = await longChat(5);
    const other = await signedInClient(server, 'nosy');
    const answer = await page(other.client, owner.chatId, `?limit=2&before=${owner.ids[4]}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Chat not found', code: 'not_found' });
  });
});

describe('GET /api/chats/{id} of a page opened before', () => {
  it('shows every message written since, by her, by her bestie or by another process', async () => {
    const { client, userId, chatId } = await longChat(3);
    expect(texts((await page(client, chatId)).body)).toEqual(numbered(1, 3));
    expect(texts((await page(client, chatId)).body)).toEqual(numbered(1, 3));

    await seedMessages({ userId, chatId, count: 5 });
    expect(texts((await page(client, chatId)).body)).toEqual([
      ...numbered(1, 3),
      ...numbered(1, 5),
    ]);
    const sent = await client.post(`/api/chats/${chatId}/messages`, { message: 'and one more' });
    expect(sent.status).toBe(201);
    const after = (await page(client, chatId)).body;
    expect(after.messages).toHaveLength(10);
    expect(after.messages.at(-2)).toMatchObject({ message: 'and one more', isUser: true });
    expect(after.messages.at(-1)).toEqual(sent.body.reply);
  });

  it('shows her replies as her plan today allows: full while it lasts, teasers after', async () => {
    const { client, userId } = await signedInClient(server, 'planner');
    const created = await client.post('/api/chats', { message: 'Hi Cassie' });
    const chatId = created.body.id as string;
    const reply = () => page(client, chatId).then((answer) => answer.body.messages[1]);
    expect(await reply()).toMatchObject({ isTeaser: true });
    await grant(server, userId, 'premium', server.clock.now() + 60_000);
    expect(await reply()).toMatchObject({ isTeaser: false });
    server.clock.advance(61_000);
    expect(await reply()).toMatchObject({ isTeaser: true });
  });

  it('is never shown to someone else, and is gone once she deletes the chat', async () => {
    const owner = await longChat(5);
    const query = `?limit=2&before=${owner.ids[4]}`;
    expect(texts((await page(owner.client, owner.chatId, query)).body)).toEqual(numbered(3, 4));
    const other = await signedInClient(server, 'nosy');
    expect((await page(other.client, owner.chatId, query)).status).toBe(404);
    expect((await page(other.client, owner.chatId)).status).toBe(404);

    const deleted = await owner.client.request('DELETE', `/api/chats/${owner.chatId}`);
    expect(deleted.status).toBe(204);
    for (const each of ['', query]) {
      const answer = await page(owner.client, owner.chatId, each);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Chat not found', code: 'not_found' });
    }
  });
});

describe('GET /api/user/export', () => {
  it('still holds every message of a long chat', async () => {
    const { client, chatId } = await longChat(250);
    const answer = await client.get('/api/user/export');
    expect(answer.status).toBe(200);
    const chat = answer.body.chats.find((item: { id: string }) => item.id === chatId);
    expect(texts(chat)).toEqual(numbered(1, 250));
  });
});
