import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mutation } from '@shared/sync';
import { signedInClient } from './fakes/besties';
import { createChat, pullAll, push, repliesWritten, sendMessage } from './fakes/sync';
import type { Client, TestServer } from './harness';
import { sameBrowserOn, startTestServer } from './harness';

/* She names a chat through the outbox (a renameChat mutation); the last rename applied wins. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { BUILTIN_REPLY_PIECE_DELAY_MS: '0' } });
});
afterAll(async () => {
  await server.stop();
});

const rename = (chatId: string, title: string): Mutation => ({
  id: randomUUID(),
  type: 'renameChat',
  chatId,
  title,
});

async function chatOf(client: Client): Promise<string> {
  const chatId = randomUUID();
  const created = createChat(chatId, 'my boyfriend forgot our anniversary');
  await push(client, [created]);
  await repliesWritten(client, [created]);
  return chatId;
}

const listed = async (client: Client, chatId: string) =>
  (await client.get('/api/chats')).body.find((chat: { id: string }) => chat.id === chatId);

describe('renaming a chat', () => {
  it('keeps her name for it, trimmed, in the list, the page and the pull', async () => {
    const { client } = await signedInClient(server);
    const chatId = await chatOf(client);
    const answer = await push(client, [rename(chatId, '  The anniversary  ')]);
    expect(answer.body.results[0]).toMatchObject({ status: 'applied' });
    expect(answer.body.results[0].rows.chats).toMatchObject([
      { id: chatId, title: 'The anniversary' },
    ]);
    expect((await listed(client, chatId)).title).toBe('The anniversary');
    expect((await client.get(`/api/chats/${chatId}`)).body.title).toBe('The anniversary');
    const pulled = await pullAll(client);
    expect(pulled.chats.filter((chat) => chat.id === chatId).at(-1)?.title).toBe('The anniversary');
  });

  it('keeps the name when she writes more, and does not move the chat in her list', async () => {
    const { client } = await signedInClient(server);
    const older = await chatOf(client);
    const newer = await chatOf(client);
    const before = await listed(client, older);
    await push(client, [rename(older, 'Older one')]);
    expect((await listed(client, older)).updatedAt).toBe(before.updatedAt);
    const more = sendMessage(older, 'and he did not even say sorry');
    await push(client, [more]);
    await repliesWritten(client, [more]);
    expect((await listed(client, older)).title).toBe('Older one');
    expect((await listed(client, newer)).title).toBe('my boyfriend forgot our anniversary');
  });

  it('takes the rename applied last, from whichever device', async () => {
    const { client } = await signedInClient(server);
    const phone = client;
    const laptop = sameBrowserOn(server, client);
    const chatId = await chatOf(phone);
    await push(laptop, [rename(chatId, 'From the laptop')]);
    await push(phone, [rename(chatId, 'From the phone')]);
    expect((await listed(laptop, chatId)).title).toBe('From the phone');
  });

  it.each([
    ['', 'Give the chat a name'],
    ['   ', 'Give the chat a name'],
    ['\u200b', 'Give the chat a name'],
    ['x'.repeat(61), 'Chat names must be at most 60 characters'],
  ])('refuses the name %j with a clear reason and changes nothing', async (title, reason) => {
    const { client } = await signedInClient(server);
    const chatId = await chatOf(client);
    const answer = await push(client, [rename(chatId, title)]);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(reason);
    expect((await listed(client, chatId)).title).toBe('my boyfriend forgot our anniversary');
  });

  it("refuses someone else's chat, and a deleted one, as not found", async () => {
    const { client } = await signedInClient(server);
    const chatId = await chatOf(client);
    const { client: other } = await signedInClient(server);
    const theirs = await push(other, [rename(chatId, 'Mine now')]);
    expect(theirs.body.results[0]).toMatchObject({
      status: 'rejected',
      error: { status: 404, code: 'not_found' },
    });
    expect((await listed(client, chatId)).title).toBe('my boyfriend forgot our anniversary');
    await client.request('DELETE', `/api/chats/${chatId}`);
    const gone = await push(client, [rename(chatId, 'Too late')]);
    expect(gone.body.results[0]).toMatchObject({ status: 'rejected', error: { status: 404 } });
  });
});
