import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@shared/chat';
import { signedInClient } from './fakes/besties';
import { createChat, pullAll, push, repliesWritten, sendMessage } from './fakes/sync';
import type { Client, TestServer } from './harness';
import { sameBrowserOn, startTestServer } from './harness';

/*
 * Her devices sending at once, through two server processes on one database: on PostgreSQL
 * her writes take turns on her change counter at READ COMMITTED (chats/repo.ts
 * lockHerChanges), so every send is stored in its own place, once, and answered once.
 */

let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  const env = { BUILTIN_REPLY_PIECE_DELAY_MS: '0', REPLY_JOB_CONCURRENCY: '16' };
  a = await startTestServer({ env });
  b = await startTestServer({ env, dataDir: a.dataDir });
});
afterAll(async () => {
  await b.stop({ keepData: true });
  await a.stop();
});

describe('sends at once from her devices', () => {
  it('are each stored once in their own place, with one reply each', async () => {
    const { client } = await signedInClient(a);
    const clients = [client, sameBrowserOn(b, client)];
    const chats = [createChat(randomUUID(), 'first'), createChat(randomUUID(), 'second')];
    await push(client, chats);
    await repliesWritten(client, chats);
    const chatIds = chats.map((chat) => (chat as { chat: { id: string } }).chat.id);

    const sends = Array.from({ length: 40 }, (_, index) =>
      sendMessage(chatIds[index % 2] as string, `message ${index} sent at once`),
    );
    const answers = await Promise.all(
      sends.map((send, index) => push(clients[index % 2] as Client, [send])),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.results[0]).toMatchObject({ status: 'applied' });
    }
    await repliesWritten(client, sends);

    const { messages } = await pullAll(client);
    const sent = messages.filter((message) => message.message.endsWith('sent at once'));
    expect(sent).toHaveLength(40);
    const replies = messages.filter((message) => !message.isUser);
    for (const message of sent) {
      expect(replies.filter((reply) => reply.replyTo === message.id)).toHaveLength(1);
    }
    for (const chatId of chatIds) {
      const places = messages
        .filter((message: ChatMessage) => message.chatId === chatId)
        .map((message) => message.seq)
        .sort((x, y) => x - y);
      // First message and its reply, then 20 sends and 20 replies: 1 to 42, each once.
      expect(places).toEqual(Array.from({ length: 42 }, (_, index) => index + 1));
    }
  });
});
