import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeOpenAi } from './fakes/openai';
import { grant, signedInClient } from './fakes/besties';
import type { Client, TestServer } from './harness';
import { startTestServer } from './harness';

/*
 * With a model: every reply is asked with a frequency penalty, and a reply that says again a
 * sentence of eight words or more of an earlier reply in the chat is written once more, told
 * which; that second reply is the one she keeps.
 */

const fake = new FakeOpenAi();
let server: TestServer;

beforeAll(async () => {
  await fake.start();
  server = await startTestServer({
    env: { OPENAI_BASE_URL: fake.url, OPENAI_MODERATION: 'false', SAFETY_CHECK_TIMEOUT_MS: '0' },
  });
});
afterAll(async () => {
  await server.stop();
  await fake.stop();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.queued.length = 0;
});

const FIRST = 'Oh babe, I hear you. You deserve someone who shows up for you every single day.';
const SECOND = 'Ugh, that stings. Someone who cares will make the time to answer your texts.';

async function chatWithFirstReply(): Promise<{ client: Client; chatId: string }> {
  const { client, userId } = await signedInClient(server);
  await grant(server, userId, 'vip');
  fake.queued.push(FIRST);
  const chat = await client.post('/api/chats', { message: 'he ghosted me' });
  expect(chat.body.messages.at(-1).message).toBe(FIRST);
  return { client, chatId: chat.body.id };
}

const send = async (client: Client, chatId: string, message: string) =>
  (await client.post(`/api/chats/${chatId}/messages`, { message })).body.reply.message as string;

describe('a model that repeats itself', () => {
  it('is asked every reply with a frequency penalty', async () => {
    await chatWithFirstReply();
    const [completion] = fake.completions();
    expect(completion?.body.frequency_penalty).toBeGreaterThan(0);
  });

  it('writes a reply that repeats an earlier one again, and she keeps the second', async () => {
    const { client, chatId } = await chatWithFirstReply();
    fake.queued.push(
      'Aw. You deserve someone who shows up for you every single day. Truly.',
      SECOND,
    );
    expect(await send(client, chatId, 'he did it again')).toBe(SECOND);

    const [, repeated, retry] = fake.completions();
    expect(repeated).toBeDefined();
    const note = retry?.body.messages?.at(-1);
    expect(note?.role).toBe('system');
    expect(note?.content).toContain('you deserve someone who shows up for you every single day');
    expect(retry?.body.frequency_penalty).toBeGreaterThan(repeated?.body.frequency_penalty ?? 0);
    const page = await client.get(`/api/chats/${chatId}`);
    expect(page.body.messages.map((m: { message: string }) => m.message)).toEqual([
      'he ghosted me',
      FIRST,
      'he did it again',
      SECOND,
    ]);
  });

  it('retries once only: a retry that repeats too stands', async () => {
    const { client, chatId } = await chatWithFirstReply();
    fake.queued.push(FIRST, FIRST, SECOND);
    expect(await send(client, chatId, 'he did it again')).toBe(FIRST);
    expect(fake.completions()).toHaveLength(3);
  });

  it('asks once when nothing repeats', async () => {
    const { client, chatId } = await chatWithFirstReply();
    fake.queued.push(SECOND);
    expect(await send(client, chatId, 'what should I do')).toBe(SECOND);
    expect(fake.completions()).toHaveLength(2);
  });

  it('is not retried in care mode, where help may come again', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'vip');
    const chat = await client.post('/api/chats', { message: 'i want to kill myself' });
    expect(chat.body.messages.at(-1).isCrisis).toBe(true);
    fake.queued.push(FIRST, FIRST);
    expect(await send(client, chat.body.id, 'ok I will text my sister')).toBe(FIRST);
    expect(await send(client, chat.body.id, 'thanks, that helps a bit')).toBe(FIRST);
    expect(fake.completions()).toHaveLength(2);
  });
});
