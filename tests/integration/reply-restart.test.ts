import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Mutation } from '@shared/sync';
import { listeningUrl, spawnMain } from './fakes/main';
import { FakeOpenAi } from './fakes/openai';
import { createChat, eventually, pullAll, push, sendMessage } from './fakes/sync';
import { Client, dataEnvOf, makeDataDir, withDataOf } from './harness';

/** A slow model: about a second per reply, so a restart lands while replies are written. */
const PIECE_DELAY_MS = 80;
/** Two server starts (tsx compiles at each) and a dozen slow replies, on a busy machine too. */
const TIMEOUT_MS = 90_000;

const fake = new FakeOpenAi();
const dirs: string[] = [];
const children: ReturnType<typeof spawnMain>[] = [];

beforeAll(async () => {
  fake.pieceDelayMs = PIECE_DELAY_MS;
  await fake.start();
});
afterEach(() => {
  for (const main of children.splice(0)) main.child.kill('SIGKILL');
});
afterAll(async () => {
  await fake.stop();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function startMain(dataDir: string) {
  const main = spawnMain({
    PORT: '0',
    HOST: '127.0.0.1',
    ...dataEnvOf(dataDir),
    LOG_LEVEL: 'info',
    OPENAI_BASE_URL: fake.url,
    REPLY_JOB_LEASE_MS: '1000',
  });
  children.push(main);
  return { ...main, url: await listeningUrl(main.child.stdout) };
}

/** Five messages: two in one chat (written one after the other) and one in each of three. */
function fiveMessages(): Mutation[] {
  const first = randomUUID();
  return [
    createChat(first, 'Chat one, first message'),
    sendMessage(first, 'Chat one, second message'),
    ...[2, 3, 4].map((n) => createChat(randomUUID(), `Chat ${n}`)),
  ];
}

function inDatabase(dataDir: string) {
  return withDataOf(dataDir, async (db) => ({
    users: await db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'user')
      .executeTakeFirstOrThrow(),
    replies: await db
      .selectFrom('messages')
      .select((eb) => [
        'reply_to as replyTo',
        eb.fn.countAll<number>().as('n'),
        eb.fn.max('content').as('content'),
      ])
      .where('role', '=', 'assistant')
      .groupBy('reply_to')
      .execute(),
    jobs: await db
      .selectFrom('reply_jobs')
      .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
      .groupBy('state')
      .orderBy('state')
      .execute(),
  }));
}

/** Pushes five messages and waits until several replies are being written. */
async function pushWhileModelWrites(url: string) {
  const client = new Client(url);
  const email = `restart-${randomUUID()}@example.com`;
  expect((await client.post('/api/register', { email, password: 'restart-pass' })).status).toBe(
    201,
  );
  const before = fake.completions().length;
  const answer = await push(client, fiveMessages());
  expect(answer.body.results.map((r: { status: string }) => r.status)).toEqual(
    Array(5).fill('applied'),
  );
  await eventually(async () => fake.completions().length >= before + 3);
  await new Promise((resolve) => setTimeout(resolve, 3 * PIECE_DELAY_MS));
  return client;
}

/** After a restart on the same DATA_DIR: every message gets exactly one whole reply. */
async function expectEveryReplyOnce(client: Client, url: string, dataDir: string) {
  const again = new Client(url);
  for (const [name, value] of client.cookies) again.cookies.set(name, value);
  const pulled = await eventually(async () => {
    const all = await pullAll(again);
    return all.messages.filter((m) => !m.isUser).length >= 5 && all;
  }, 20_000);
  expect(pulled.messages.filter((m) => m.isUser)).toHaveLength(5);
  for (const message of pulled.messages) expect(message.replyError).toBeNull();
  // She is on the free plan: the pull shows teasers of the whole replies stored.
  for (const reply of pulled.messages.filter((m) => !m.isUser)) {
    expect(reply).toMatchObject({ message: 'Oh babe, I hear you.', isTeaser: true });
  }
  for (const chat of pulled.chats) {
    const mine = pulled.messages.filter((m) => m.chatId === chat.id);
    expect(mine.filter((m) => m.isUser).length).toBe(mine.filter((m) => !m.isUser).length);
  }
  // Give a stray second runner time to show itself, then count in the database.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const stored = await inDatabase(dataDir);
  expect(stored.users.n).toBe(5);
  expect(stored.replies).toHaveLength(5);
  for (const reply of stored.replies) expect(reply).toMatchObject({ n: 1, content: fake.reply });
  expect(stored.jobs).toEqual([{ state: 'done', n: 5 }]);
}

describe('reply jobs survive the server process', () => {
  it(
    'SIGKILL while replies are written: after a restart every message gets exactly one reply',
    async () => {
      const dataDir = await makeDataDir();
      dirs.push(dataDir);
      const first = await startMain(dataDir);
      const client = await pushWhileModelWrites(first.url);
      first.child.kill('SIGKILL');
      await first.exited;

      const leftOver = await inDatabase(dataDir);
      expect(leftOver.replies.length).toBeLessThan(5);
      expect(leftOver.jobs.some((job) => job.state === 'running')).toBe(true);

      const second = await startMain(dataDir);
      await expectEveryReplyOnce(client, second.url, dataDir);
    },
    TIMEOUT_MS,
  );

  it(
    'SIGTERM while replies are written: the jobs go back to the queue and the next start writes them',
    async () => {
      const dataDir = await makeDataDir();
      dirs.push(dataDir);
      const first = await startMain(dataDir);
      const client = await pushWhileModelWrites(first.url);
      const stopping = performance.now();
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(performance.now() - stopping).toBeLessThan(3000);

      const leftOver = await inDatabase(dataDir);
      expect(leftOver.replies.length).toBeLessThan(5);
      expect(leftOver.jobs.map((job) => job.state)).not.toContain('running');

      const second = await startMain(dataDir);
      await expectEveryReplyOnce(client, second.url, dataDir);
    },
    TIMEOUT_MS,
  );
});
