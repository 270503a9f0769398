import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@shared/chat';
import type { Mutation } from '@shared/sync';
import { FakeOpenAi } from './fakes/openai';
import { grant, signedInClient } from './fakes/besties';
import { createChat, pullAll, push, replyWritten, sendMessage } from './fakes/sync';
import type { Client, TestServer } from './harness';
import { startTestServer } from './harness';

/*
 * Regenerate: the newest reply of a chat is written again through the outbox (a
 * regenerateReply mutation). The reply keeps its id and place and takes the new text, which
 * arrives through the pull; it counts toward her hourly replies; a free user's stays a teaser.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      BUILTIN_REPLY_PIECE_DELAY_MS: '0',
      REPLY_LIMIT_FREE_PER_HOUR: '3',
      REPLY_LIMIT_PAID_PER_HOUR: '4',
    },
  });
});
afterAll(async () => {
  await server.stop();
});

const regenerate = (chatId: string, messageId: string): Mutation => ({
  id: randomUUID(),
  type: 'regenerateReply',
  chatId,
  messageId,
});

/** Her chat with one message of hers and its reply, written. */
async function chatWithReply(client: Client, text = 'my best friend stopped talking to me') {
  const chatId = randomUUID();
  const created = createChat(chatId, text);
  await push(client, [created]);
  const messageId = created.type === 'createChat' ? created.chat.messageId! : '';
  expect((await replyWritten(client, chatId, messageId)).event).toBe('reply');
  return { chatId, messageId, reply: await replyOf(client, chatId, messageId) };
}

async function replyOf(client: Client, chatId: string, messageId: string): Promise<ChatMessage> {
  const page = await client.get(`/api/chats/${chatId}`);
  const reply = (page.body.messages as ChatMessage[]).find((m) => m.replyTo === messageId);
  if (!reply) throw new Error('no reply');
  return reply;
}

describe('regenerating the newest reply', () => {
  it('writes it again in its place: same id and place, new text, brought by the pull', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'vip');
    const { chatId, messageId, reply } = await chatWithReply(client);
    const { cursor } = await pullAll(client);

    const answer = await push(client, [regenerate(chatId, reply.id)]);
    expect(answer.body.results[0]).toMatchObject({ status: 'applied' });
    expect((await replyWritten(client, chatId, messageId)).event).toBe('reply');

    const again = await replyOf(client, chatId, messageId);
    expect(again.id).toBe(reply.id);
    expect(again.seq).toBe(reply.seq);
    expect(again.message).not.toBe(reply.message);
    const page = await client.get(`/api/chats/${chatId}`);
    expect(page.body.messages.map((m: ChatMessage) => m.id)).toEqual(
      expect.arrayContaining([messageId, reply.id]),
    );
    expect(page.body.messages.filter((m: ChatMessage) => !m.isUser && m.replyTo)).toHaveLength(1);
    // Her other devices: the pull since brings the reply with its new text.
    const pulled = await pullAll(client, cursor);
    expect(pulled.messages.find((m) => m.id === reply.id)?.message).toBe(again.message);
  });

  it('counts toward her hourly replies: past the limit it is refused and the reply stays', async () => {
    const { client } = await signedInClient(server, 'free');
    const { chatId, reply } = await chatWithReply(client);
    // The free limit is 3: her send was one, two regenerations make three.
    for (let i = 0; i < 2; i++) {
      const answer = await push(client, [regenerate(chatId, reply.id)]);
      expect(answer.body.results[0].status).toBe('applied');
      await replyWritten(client, chatId, reply.replyTo!);
    }
    const before = await replyOf(client, chatId, reply.replyTo!);
    const refused = await push(client, [regenerate(chatId, reply.id)]);
    expect(refused.body.results[0]).toMatchObject({
      status: 'rejected',
      error: { status: 429, code: 'rate_limited' },
    });
    expect(refused.body.results[0].error.message).toMatch(/taking a short breather/);
    expect(await replyOf(client, chatId, reply.replyTo!)).toEqual(before);
  });

  it('gives a free user a teaser again, never the whole reply', async () => {
    const { client } = await signedInClient(server, 'free');
    const { chatId, messageId, reply } = await chatWithReply(client, 'he cheated on me');
    expect(reply.isTeaser).toBe(true);
    await push(client, [regenerate(chatId, reply.id)]);
    await replyWritten(client, chatId, messageId);
    const again = await replyOf(client, chatId, messageId);
    expect(again.isTeaser).toBe(true);
    expect(again.message).not.toBe(reply.message);
    const pulled = await pullAll(client);
    expect(pulled.messages.filter((m) => m.id === reply.id).every((m) => m.isTeaser)).toBe(true);
  });

  it('refuses a reply that is not the newest, and one not hers, changing nothing', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'vip');
    const { chatId, reply } = await chatWithReply(client);
    const later = sendMessage(chatId, 'and now she posted about me');
    await push(client, [later]);
    await replyWritten(client, chatId, later.type === 'sendMessage' ? later.message.id : '');
    const older = await push(client, [regenerate(chatId, reply.id)]);
    expect(older.body.results[0]).toMatchObject({
      status: 'rejected',
      error: { status: 409, code: 'not_newest_reply' },
    });
    expect(await replyOf(client, chatId, reply.replyTo!)).toEqual(reply);

    const { client: other } = await signedInClient(server);
    const theirs = await push(other, [regenerate(chatId, reply.id)]);
    expect(theirs.body.results[0]).toMatchObject({ status: 'rejected', error: { status: 404 } });
    const unknown = await push(client, [regenerate(chatId, randomUUID())]);
    expect(unknown.body.results[0]).toMatchObject({ status: 'rejected', error: { status: 404 } });
  });

  it('keeps the crisis reply as it is: its help is never written again', async () => {
    const { client } = await signedInClient(server, 'free');
    const { chatId, reply } = await chatWithReply(client, 'I want to kill myself');
    expect(reply.isCrisis).toBe(true);
    const answer = await push(client, [regenerate(chatId, reply.id)]);
    expect(answer.body.results[0]).toMatchObject({
      status: 'rejected',
      error: { status: 409, code: 'crisis_reply_kept' },
    });
    expect(await replyOf(client, chatId, reply.replyTo!)).toEqual(reply);
  });
});

const edit = (chatId: string, messageId: string, message: string): Mutation => ({
  id: randomUUID(),
  type: 'editMessage',
  chatId,
  messageId,
  message,
});

describe('editing her last message', () => {
  it('keeps her new words in its place and writes its reply again in its place', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'vip');
    const { chatId, messageId, reply } = await chatWithReply(client, 'my sister took my jacket');
    const answer = await push(client, [edit(chatId, messageId, 'my sister ruined my jacket')]);
    expect(answer.body.results[0]).toMatchObject({ status: 'applied' });
    expect(answer.body.results[0].rows.messages).toMatchObject([
      { id: messageId, message: 'my sister ruined my jacket' },
    ]);
    await replyWritten(client, chatId, messageId);
    const page = await client.get(`/api/chats/${chatId}`);
    const messages = page.body.messages as ChatMessage[];
    expect(messages.map((m) => m.id)).toEqual([messageId, reply.id]);
    expect(messages[0]?.message).toBe('my sister ruined my jacket');
    expect(messages[1]?.message).not.toBe(reply.message);
  });

  it('answers words that now read as a crisis with the crisis reply, and starts care mode', async () => {
    const { client } = await signedInClient(server, 'free');
    const { chatId, messageId, reply } = await chatWithReply(client, 'rough day at school');
    await push(client, [edit(chatId, messageId, 'I want to kill myself')]);
    await replyWritten(client, chatId, messageId);
    const again = await replyOf(client, chatId, messageId);
    expect(again.id).toBe(reply.id);
    expect(again.isCrisis).toBe(true);
    expect(again.isTeaser).toBe(false);
    expect((await client.get(`/api/chats/${chatId}`)).body.careUntil).not.toBeNull();
  });

  it('refuses an edit that is not of her last message, empty words, or one not hers', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'vip');
    const { chatId, messageId } = await chatWithReply(client);
    const later = sendMessage(chatId, 'also she blocked me');
    await push(client, [later]);
    await replyWritten(client, chatId, later.type === 'sendMessage' ? later.message.id : '');
    const older = await push(client, [edit(chatId, messageId, 'something else')]);
    expect(older.body.results[0]).toMatchObject({
      status: 'rejected',
      error: { status: 409, code: 'not_last_message' },
    });
    const empty = await push(client, [edit(chatId, messageId, '   ')]);
    expect(empty.status).toBe(400);
    const { client: other } = await signedInClient(server);
    const theirs = await push(other, [edit(chatId, messageId, 'mine now')]);
    expect(theirs.body.results[0]).toMatchObject({ status: 'rejected', error: { status: 404 } });
    const page = await client.get(`/api/chats/${chatId}`);
    expect(page.body.messages[0].message).toBe('my best friend stopped talking to me');
  });
});

describe('regenerating with a model', () => {
  const fake = new FakeOpenAi();
  let modelServer: TestServer;
  beforeAll(async () => {
    await fake.start();
    modelServer = await startTestServer({
      env: { OPENAI_BASE_URL: fake.url, OPENAI_MODERATION: 'false', SAFETY_CHECK_TIMEOUT_MS: '0' },
    });
  });
  afterAll(async () => {
    await modelServer.stop();
    await fake.stop();
  });

  it('tells the model which reply she asked to have written again, and keeps the new one', async () => {
    const { client, userId } = await signedInClient(modelServer);
    await grant(modelServer, userId, 'vip');
    fake.queued.push('First try: text her and ask what happened.');
    const { chatId, messageId, reply } = await chatWithReply(client);
    fake.queued.push('Second try: give her a day, then ask gently.');
    await push(client, [regenerate(chatId, reply.id)]);
    await replyWritten(client, chatId, messageId);
    expect((await replyOf(client, chatId, messageId)).message).toBe(
      'Second try: give her a day, then ask gently.',
    );
    const note = fake.completions().at(-1)?.body.messages?.at(-1);
    expect(note?.role).toBe('system');
    expect(note?.content).toContain('First try: text her and ask what happened.');
  });
  it('keeps the reply she had when writing it again fails, and sends it to her devices again', async () => {
    const { client, userId } = await signedInClient(modelServer);
    await grant(modelServer, userId, 'vip');
    fake.queued.push('Text her and ask what happened.');
    const { chatId, messageId, reply } = await chatWithReply(client);
    const { cursor } = await pullAll(client);
    fake.failNext(10);
    await push(client, [regenerate(chatId, reply.id)]);
    await replyWritten(client, chatId, messageId);
    fake.failNext(0);
    const kept = await replyOf(client, chatId, messageId);
    expect(kept.message).toBe('Text her and ask what happened.');
    const pulled = await pullAll(client, cursor);
    // Her devices hid it while it was written again: it comes back, and her message has no error.
    expect(pulled.messages.find((m) => m.id === reply.id)?.message).toBe(kept.message);
    expect(pulled.messages.find((m) => m.id === messageId)).toBeUndefined();
  });
});
