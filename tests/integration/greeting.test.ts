import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mutation } from '@shared/sync';
import { grant, signedInClient } from './fakes/besties';
import { pullAll, push, repliesWritten, sendMessage } from './fakes/sync';
import type { TestServer } from './harness';
import { startTestServer } from './harness';

/*
 * "Persona picked: a chat is created with a greeting and the persona id"
 * (spec §4), the greeting being "Hey! I'm {persona name}. {persona description} What's on
 * your mind today?" (spec §2). The server stores it as the chat's first message, so every
 * device pulls it.
 */
const CASSIE_GREETING =
  "Hey! I'm Cassie. Your soft place to land. Cassie listens first, never judges, and always helps you see the best in yourself. What's on your mind today?";
const BROOKE_GREETING =
  "Hey! I'm Brooke. Brooke tells it like it is. She hypes you up, calls out nonsense and helps you stand your ground. What's on your mind today?";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const pickedChat = (personaId: number, chatId = randomUUID(), greetingId = randomUUID()) =>
  ({
    id: randomUUID(),
    type: 'createChat',
    chat: { id: chatId, personaId, isEmptyChatCreation: true, greetingId },
  }) satisfies Mutation;

/** Her users.storage_bytes, as stored. */
async function storageBytes(userId: string): Promise<number | undefined> {
  const row = await server.db
    .selectFrom('users')
    .select('storage_bytes as bytes')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.bytes;
}

describe("a chat made from the persona picker starts with the bestie's greeting", () => {
  it("stores 'Hey! I'm Brooke. … What's on your mind today?' as her first message (seq 1), which the push answers and a pull returns", async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'premium');
    const mutation = pickedChat(2);
    const { id: chatId, greetingId } = mutation.chat;
    const answer = await push(client, [mutation]);
    expect(answer.status).toBe(200);
    const [result] = answer.body.results;
    expect(result).toMatchObject({ id: mutation.id, status: 'applied' });
    expect(result.rows.chats).toMatchObject([{ id: chatId, title: 'New Chat' }]);
    const greeting = {
      id: greetingId,
      chatId,
      seq: 1,
      message: BROOKE_GREETING,
      isUser: false,
      replyTo: null,
      replyError: null,
      isTeaser: false,
      isCrisis: false,
      isOCR: false,
      avatar: '/personas/brooke.svg',
    };
    expect(result.rows.messages).toMatchObject([greeting]);

    const pulled = await pullAll(client);
    expect(pulled.chats.map((chat) => chat.id)).toEqual([chatId]);
    expect(pulled.messages).toMatchObject([greeting]);
    expect(pulled.messages).toHaveLength(1);
    // It counts in her storage like any message.
    expect(await storageBytes(userId)).toBe(Buffer.byteLength(BROOKE_GREETING, 'utf8'));
  });

  it('adds no second greeting when the same create is pushed again, as a replay or as a new mutation', async () => {
    const { client } = await signedInClient(server);
    const mutation = pickedChat(1);
    const first = await push(client, [mutation]);
    const { cursor } = await pullAll(client);
    const replay = await push(client, [mutation]);
    expect(replay.body.results[0].rows.messages).toEqual(first.body.results[0].rows.messages);
    // Another device (or a lost answer) sends the same chat again with another greeting id.
    const again = pickedChat(1, mutation.chat.id);
    const second = await push(client, [again]);
    expect(second.body.results[0]).toMatchObject({ status: 'applied', rows: { messages: [] } });
    expect((await pullAll(client, cursor)).messages).toEqual([]);
    const all = await pullAll(client);
    expect(all.messages.map((m) => [m.seq, m.message])).toEqual([[1, CASSIE_GREETING]]);
  });

  it('is shown in full on the free plan (never a teaser) and is not taken for her message', async () => {
    const { client } = await signedInClient(server);
    const mutation = pickedChat(1);
    const chatId = mutation.chat.id;
    const mineId = randomUUID();
    const send = sendMessage(chatId, 'Hi Cassie, rough day at work', mineId);
    const answer = await push(client, [mutation, send]);
    expect(answer.body.results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'applied',
    ]);
    await repliesWritten(client, [send]);
    const { messages, chats } = await pullAll(client);
    // Her message gives the chat its title; the reply answers hers (a teaser on this plan).
    expect(chats.at(-1)).toMatchObject({ id: chatId, title: 'Hi Cassie, rough day at work' });
    expect(messages.map((m) => [m.seq, m.isUser, m.isTeaser, m.replyTo])).toEqual([
      [1, false, false, null],
      [2, true, false, null],
      [3, false, true, mineId],
    ]);
    expect(messages[0]?.message).toBe(CASSIE_GREETING);
  });

  it('comes with POST /api/chats too: 201 with the greeting, the same chat again 200 with one greeting', async () => {
    const { client } = await signedInClient(server);
    const body = {
      id: randomUUID(),
      greetingId: randomUUID(),
      isEmptyChatCreation: true,
      personaId: 1,
    };
    const first = await client.post('/api/chats', body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id: body.id, title: 'New Chat' });
    expect(first.body.messages).toMatchObject([
      { id: body.greetingId, seq: 1, message: CASSIE_GREETING, isUser: false, isTeaser: false },
    ]);
    const again = await client.post('/api/chats', { ...body, greetingId: randomUUID() });
    expect(again.status).toBe(200);
    expect(again.body.messages).toEqual(first.body.messages);
  });

  it('refuses a greeting id already used by a message (409) and one equal to messageId (400)', async () => {
    const { client } = await signedInClient(server);
    const first = await client.post('/api/chats', {
      greetingId: randomUUID(),
      isEmptyChatCreation: true,
    });
    const taken = await client.post('/api/chats', {
      greetingId: first.body.messages[0].id,
      isEmptyChatCreation: true,
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'message_id_taken' });
    const same = randomUUID();
    const clash = await client.post('/api/chats', {
      greetingId: same,
      messageId: same,
      message: 'hi',
    });
    expect(clash.status).toBe(400);
    expect((await client.get('/api/chats')).body).toHaveLength(1);
  });
});
