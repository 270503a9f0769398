import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PULL_MAX_LIMIT } from '@shared/sync';
import type { Mutation, PushAnswer } from '@shared/sync';
import { grant, signedInClient } from './fakes/besties';
import { createChat, deleteChat, pullAll, push, repliesWritten, sendMessage } from './fakes/sync';
import type { TestServer } from './harness';
import { startTestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('sync is for signed-in users', () => {
  it('answers 401 to push and pull without a session', async () => {
    const client = server.client();
    expect((await push(client, [])).status).toBe(401);
    expect((await client.get('/api/sync/pull')).status).toBe(401);
  });

  it('answers 400 to a mutation that does not fit the schema', async () => {
    const { client } = await signedInClient(server);
    const answer = await push(client, [{ id: 'nope', type: 'sendMessage' } as never]);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_error');
  });
});

describe('POST /api/sync/push', () => {
  it('applies a new chat with her message and answers the chat and her message; the reply comes by pull', async () => {
    const { client } = await signedInClient(server);
    const chatId = randomUUID();
    const mutation = createChat(chatId, 'Hi Cassie, rough day');
    const answer = await push(client, [mutation]);
    expect(answer.status).toBe(200);
    const [result] = answer.body.results;
    expect(result).toMatchObject({ id: mutation.id, status: 'applied' });
    expect(result.rows.chats).toMatchObject([{ id: chatId, title: 'Hi Cassie, rough day' }]);
    expect(result.rows.messages).toMatchObject([
      { message: 'Hi Cassie, rough day', isUser: true, seq: 1, replyError: null },
    ]);
    await repliesWritten(client, [mutation]);
    const pulled = await pullAll(client);
    expect(pulled.messages.map((m) => [m.isUser, m.seq])).toEqual([
      [true, 1],
      [false, 2],
    ]);
  });

  it('applies the same push twice exactly once', async () => {
    const { client } = await signedInClient(server);
    const chatId = randomUUID();
    const mutations = [createChat(chatId), sendMessage(chatId, 'once only')];
    const first = await push(client, mutations);
    const again = await push(client, mutations);
    // The rows come as they are now (the chat has its title by then), the outcome the same.
    const outcome = (body: PushAnswer) =>
      body.results.map(({ id, status, rows }) => ({ id, status, messages: rows.messages }));
    expect(outcome(again.body)).toEqual(outcome(first.body));
    await repliesWritten(client, mutations);
    const pulled = await pullAll(client);
    expect(pulled.chats.map((chat) => chat.id)).toEqual([chatId]);
    expect(pulled.messages.filter((m) => m.isUser).map((m) => m.message)).toEqual(['once only']);
    expect(pulled.messages.filter((m) => !m.isUser)).toHaveLength(1);
  });

  it('gives concurrent duplicate pushes one message and one reply, and the same answer', async () => {
    const { client } = await signedInClient(server);
    const chatId = randomUUID();
    await push(client, [createChat(chatId)]);
    const send = sendMessage(chatId, 'sent from two tabs at once');
    const answers = await Promise.all([1, 2, 3].map(() => push(client, [send])));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0]?.body);
    }
    await repliesWritten(client, [send]);
    const pulled = await pullAll(client);
    expect(pulled.messages).toHaveLength(2);
  });

  it('applies mutations in order; replays in another order change nothing', async () => {
    const { client } = await signedInClient(server);
    const chatId = randomUUID();
    const mutations = [
      createChat(chatId),
      sendMessage(chatId, 'first'),
      sendMessage(chatId, 'second'),
    ];
    const answer = await push(client, mutations);
    expect(answer.body.results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'applied',
      'applied',
    ]);
    await repliesWritten(client, mutations);
    const before = await pullAll(client);
    // Both messages were stored by the push; their replies were written after, one by one.
    expect(before.messages.map((m) => [m.seq, m.isUser ? m.message : 'reply'])).toEqual([
      [1, 'first'],
      [2, 'second'],
      [3, 'reply'],
      [4, 'reply'],
    ]);
    await push(client, [...mutations].reverse());
    const after = await pullAll(client);
    expect(after).toEqual(before);
  });

  it('leaves a tombstone for a deleted chat; a replayed delete is still applied', async () => {
    const { client } = await signedInClient(server);
    const chatId = randomUUID();
    await push(client, [createChat(chatId, 'to be deleted')]);
    const removal = deleteChat(chatId);
    const answer = await push(client, [removal]);
    expect(answer.body.results[0]).toMatchObject({
      status: 'applied',
      rows: { chats: [], messages: [], tombstones: [{ type: 'chat', id: chatId }] },
    });
    expect((await push(client, [removal])).body).toEqual(answer.body);
    expect((await push(client, [deleteChat(chatId)])).body.results[0].status).toBe('applied');
    const pulled = await pullAll(client);
    expect(pulled.chats).toEqual([]);
    expect(pulled.messages).toEqual([]);
    expect(pulled.tombstones).toEqual([{ type: 'chat', id: chatId }]);
    expect((await client.get(`/api/chats/${chatId}`)).status).toBe(404);
  });

  it('rejects a message to a deleted chat, and answers the same on a replay', async () => {
    const { client } = await signedInClient(server);
    const chatId = randomUUID();
    await push(client, [createChat(chatId), deleteChat(chatId)]);
    const late = sendMessage(chatId, 'too late');
    const answer = await push(client, [late]);
    expect(answer.body.results[0]).toMatchObject({
      id: late.id,
      status: 'rejected',
      error: { status: 404, code: 'not_found' },
    });
    expect((await push(client, [late])).body).toEqual(answer.body);
  });

  it('rejects a bestie her plan does not cover with requiresSubscription', async () => {
    const { client } = await signedInClient(server);
    const mutation: Mutation = {
      id: randomUUID(),
      type: 'createChat',
      chat: { id: randomUUID(), personaId: 5, isEmptyChatCreation: true },
    };
    const [result] = (await push(client, [mutation])).body.results;
    expect(result).toMatchObject({
      status: 'rejected',
      error: { status: 403, requiresSubscription: true },
    });
  });
});

describe('GET /api/sync/pull', () => {
  it('pages through every change in order with no gaps or duplicates', async () => {
    const { client } = await signedInClient(server);
    const chatIds = Array.from({ length: 7 }, () => randomUUID());
    await push(
      client,
      chatIds.map((id) => createChat(id)),
    );
    const sends = chatIds.slice(0, 3).map((id, index) => sendMessage(id, `message ${index}`));
    await push(client, sends);
    await repliesWritten(client, sends);
    const whole = await pullAll(client, 0, PULL_MAX_LIMIT);
    const paged = await pullAll(client, 0, 2);
    expect(paged.cursors.length).toBeGreaterThan(3);
    expect(paged.cursors).toEqual([...paged.cursors].sort((a, b) => a - b));
    expect(new Set(paged.cursors).size).toBe(paged.cursors.length);
    expect(paged.chats.map((chat) => chat.id).sort()).toEqual([...chatIds].sort());
    // A chat row moves up its change sequence when a message touches it: the page that
    // carries its latest state is the one that counts, so each id shows up once.
    expect(new Set(paged.chats.map((chat) => chat.id)).size).toBe(paged.chats.length);
    expect(paged.messages.map((m) => m.id)).toEqual(whole.messages.map((m) => m.id));
    expect(paged.messages).toHaveLength(6);
    expect(paged.cursor).toBe(whole.cursor);
  });

  it('answers only changes after the cursor', async () => {
    const { client } = await signedInClient(server);
    const chatId = randomUUID();
    const create = createChat(chatId, 'hello');
    await push(client, [create]);
    await repliesWritten(client, [create]);
    const { cursor } = await pullAll(client);
    const nothing = await client.get(`/api/sync/pull?cursor=${cursor}`);
    expect(nothing.body).toEqual({
      chats: [],
      messages: [],
      tombstones: [],
      cursor,
      hasMore: false,
    });
    const more = sendMessage(chatId, 'one more');
    await push(client, [more]);
    await repliesWritten(client, [more]);
    const delta = await pullAll(client, cursor);
    expect(delta.messages.map((m) => m.isUser)).toEqual([true, false]);
    expect(delta.chats.map((chat) => chat.id)).toEqual([chatId]);
  });

  it("never shows another user's rows", async () => {
    const mine = await signedInClient(server);
    const theirs = await signedInClient(server);
    await push(mine.client, [createChat(randomUUID(), 'mine only')]);
    const pulled = await pullAll(theirs.client);
    expect(pulled).toMatchObject({ chats: [], messages: [], tombstones: [] });
    const foreign = sendMessage((await pullAll(mine.client)).chats[0]?.id ?? '', 'not my chat');
    expect((await push(theirs.client, [foreign])).body.results[0].error.status).toBe(404);
  });

  it('gives a free user the teaser of a paid reply, as the REST API does', async () => {
    const free = await signedInClient(server);
    const paid = await signedInClient(server);
    await grant(server, paid.userId, 'vip');
    for (const { client } of [free, paid]) {
      const chatId = randomUUID();
      const create = createChat(chatId, 'Tell me everything about my week');
      await push(client, [create]);
      await repliesWritten(client, [create]);
      const pulled = await pullAll(client);
      const rest = await client.get(`/api/chats/${chatId}`);
      expect(pulled.messages).toEqual(rest.body.messages);
    }
    const freeReply = (await pullAll(free.client)).messages.find((m) => !m.isUser);
    const paidReply = (await pullAll(paid.client)).messages.find((m) => !m.isUser);
    expect(freeReply?.isTeaser).toBe(true);
    expect(paidReply?.isTeaser).toBe(false);
  });
});
