import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Mutation } from '@shared/sync';
import { startServer } from '../../sync-server/src/server';
import type { RunningServer } from '../../sync-server/src/server';
import { createChat, eventually, push, sendMessage } from './fakes/sync';
import { Client, DAY, makeDataDir, TestClock, testConfig, withDataOf } from './harness';

const PASSWORD = 'prune-pass-1234';
const running: RunningServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function start(dataDir: string, clock: TestClock, pruneEveryMs?: number) {
  const server = await startServer(testConfig(dataDir), { now: clock.now, pruneEveryMs });
  running.push(server);
  return server;
}

async function stop(server: RunningServer) {
  running.splice(running.indexOf(server), 1);
  await server.close();
}

/** The mutation ids the server still remembers. */
async function remembered(dataDir: string): Promise<string[]> {
  const rows = await withDataOf(dataDir, (db) =>
    db.selectFrom('processed_mutations').select('mutation_id as id').execute(),
  );
  return rows.map((row) => row.id);
}

/** What a push answered for one mutation, without the chat row (its reply may arrive later). */
async function pushed(client: Client, mutation: Mutation) {
  const answer = await push(client, [mutation]);
  expect(answer.status).toBe(200);
  const [result] = answer.body.results;
  return { id: result.id, status: result.status, messages: result.rows.messages };
}

async function signedIn(url: string, email: string, register: boolean): Promise<Client> {
  const client = new Client(url);
  const answer = await client.post(register ? '/api/register' : '/api/login', {
    email,
    password: PASSWORD,
  });
  expect(answer.status).toBe(register ? 201 : 200);
  return client;
}

describe('processed mutation ids are forgotten after 30 days', () => {
  it('at start: a 31-day-old id goes, an 11-day-old one stays and its replay answers the same', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    const clock = new TestClock();
    const email = `prune-${randomUUID()}@example.com`;
    const first = await start(dataDir, clock);
    let client = await signedIn(first.url, email, true);

    const chatId = randomUUID();
    const old = createChat(chatId, 'the first words, a month ago');
    const oldAnswer = await pushed(client, old);
    expect(oldAnswer.status).toBe('applied');
    clock.advance(20 * DAY);
    const recent = sendMessage(chatId, 'words from eleven days ago');
    const recentAnswer = await pushed(client, recent);
    expect(recentAnswer.status).toBe('applied');
    expect(await remembered(dataDir)).toEqual(expect.arrayContaining([old.id, recent.id]));
    await stop(first);

    clock.advance(11 * DAY);
    const second = await start(dataDir, clock);
    expect(await remembered(dataDir)).not.toContain(old.id);
    expect(await remembered(dataDir)).toContain(recent.id);

    // Her 30-day session has ended too: she signs in again.
    client = await signedIn(second.url, email, false);
    expect(await pushed(client, recent)).toEqual(recentAnswer);
    // The forgotten one, sent again, is applied again and still leaves one chat, one message.
    expect((await pushed(client, old)).status).toBe('applied');
    const chat = await client.get(`/api/chats/${chatId}`);
    const hers = chat.body.messages.filter((message: { isUser: boolean }) => message.isUser);
    expect(hers.map((message: { message: string }) => message.message)).toEqual([
      'the first words, a month ago',
      'words from eleven days ago',
    ]);
  });

  it('while it runs: the periodic prune removes an id once it is 30 days old', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    const clock = new TestClock();
    const server = await start(dataDir, clock, 50);
    const client = await signedIn(server.url, `prune-${randomUUID()}@example.com`, true);

    const old = createChat(randomUUID());
    await pushed(client, old);
    clock.advance(30 * DAY - 60_000);
    const recent = createChat(randomUUID());
    await pushed(client, recent);
    // A minute short of 30 days: several prunes run and keep it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await remembered(dataDir)).toContain(old.id);

    clock.advance(2 * 60_000);
    await eventually(async () => !(await remembered(dataDir)).includes(old.id), 5000);
    expect(await remembered(dataDir)).toContain(recent.id);
  });
});
