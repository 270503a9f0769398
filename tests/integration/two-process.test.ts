import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, startCluster } from '../../scripts/postgres/cluster';
import type { Cluster } from '../../scripts/postgres/cluster';
import { postgresDb } from '../../sync-server/src/db/database';
import type { Db } from '../../sync-server/src/db/database';
import { parseEvents, SSE } from './fakes/besties';
import { FakeOpenAi } from './fakes/openai';
import { Client } from './harness';

const root = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'two-process-pass';
/** Behind one proxy, so a test can play one address across both processes. */
const HER_ADDRESS = { 'X-Forwarded-For': '203.0.113.9' };

interface Process {
  child: ChildProcess;
  url: string;
  lines: Record<string, unknown>[];
}

/** The server as its own process, on any free port, on the shared database and DATA_DIR. */
async function startProcess(env: Record<string, string>): Promise<Process> {
  // Node itself, with tsx as its loader (not the tsx CLI, which would run the server in a
  // child of its own that a SIGKILL to it would leave running).
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 30 s: ${stderr}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (text) => {
      try {
        const line = JSON.parse(text) as Record<string, unknown>;
        lines.push(line);
        if (typeof line.url === 'string' && String(line.msg).startsWith('Besties listening')) {
          clearTimeout(timer);
          resolve(line.url);
        }
      } catch {
        // Not a log line.
      }
    });
  });
  return { child, url, lines };
}

/** A client of process `to` that carries `from`'s cookies, as one browser behind a balancer. */
function sameBrowser(from: Client, to: Process): Client {
  const client = new Client(to.url);
  for (const [name, value] of from.cookies) client.cookies.set(name, value);
  return client;
}

function createChat(chatId: string, messageId: string, message: string) {
  return {
    id: randomUUID(),
    type: 'createChat' as const,
    chat: { id: chatId, messageId, message, personaId: 2 },
  };
}

describe.skipIf(!postgresBinDir())('two processes on one PostgreSQL database', () => {
  let cluster: Cluster;
  let db: Db;
  let dataDir: string;
  let model: FakeOpenAi;
  let a: Process;
  let b: Process;
  let her: Client;
  let userId: string;

  beforeAll(async () => {
    cluster = await startCluster();
    const url = await cluster.createDatabase('two_process');
    db = postgresDb(url);
    dataDir = await mkdtemp(path.join(tmpdir(), 'besties-two-process-'));
    model = new FakeOpenAi();
    await model.start();
    const env = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'a-shared-secret-of-more-than-thirty-two-characters',
      OPENAI_BASE_URL: `${model.url}/v1`,
      OPENAI_API_KEY: 'test-key',
      SAFETY_CHECK_TIMEOUT_MS: '0',
      REPLY_JOB_LEASE_MS: '1000',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
    };
    // One after the other: the first creates the tables.
    a = await startProcess({ ...env, OPENAI_MODEL: 'model-a' });
    b = await startProcess({ ...env, OPENAI_MODEL: 'model-b' });
  }, 90_000);

  afterAll(async () => {
    for (const each of [a, b]) each?.child.kill('SIGKILL');
    await db?.destroy();
    await model?.stop();
    cluster?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('signs her up on A and she is signed in on B', async () => {
    her = new Client(a.url);
    const signUp = await her.post(
      '/api/register',
      { email: 'two@example.com', password: PASSWORD },
      HER_ADDRESS,
    );
    expect(signUp.status).toBe(201);
    userId = signUp.body.id;
    const onB = await sameBrowser(her, b).get('/api/user');
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ id: userId, email: 'two@example.com' });
    // Logged out on B: A no longer knows the session either.
    const logOut = await sameBrowser(her, b).post('/api/logout');
    expect(logOut.status).toBeLessThan(300);
    expect((await her.get('/api/user')).status).toBe(401);
    const logIn = await her.post(
      '/api/login',
      { email: 'two@example.com', password: PASSWORD },
      HER_ADDRESS,
    );
    expect(logIn.status).toBe(200);
  });

  it('streams a reply that A writes to her device on B, piece by piece', async () => {
    await db
      .insertInto('entitlements')
      .values({ user_id: userId, tier: 'premium', expires_at: null, updated_at: Date.now() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ tier: 'premium' }))
      .execute();
    model.pieceDelayMs = 60;
    const chatId = randomUUID();
    const messageId = randomUUID();
    model.hold();
    const pushed = await her.post('/api/sync/push', {
      mutations: [createChat(chatId, messageId, 'Tell me something good')],
    });
    expect(pushed.status).toBe(200);
    const stream = sameBrowser(her, b).get(`/api/chats/${chatId}/replies/${messageId}`, SSE);
    // B follows before a word is written; then the model starts.
    await new Promise((resolve) => setTimeout(resolve, 300));
    model.release();
    const events = parseEvents((await stream).text);
    const deltas = events.filter((event) => event.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    const reply = events.at(-1);
    expect(reply?.event).toBe('reply');
    expect(deltas.map((event) => event.data.text).join('')).toBe(reply?.data.message);
    expect(reply?.data.message).toBe(model.reply);
    // A wrote it (each process asks the model under its own name), B streamed it.
    const asked = model
      .completions()
      .filter((request) =>
        request.body.messages?.some((line) => line.content.includes('Tell me something good')),
      );
    expect(asked.map((request) => request.body.model)).toEqual(['model-a']);
    model.pieceDelayMs = 0;
  });

  it('counts failed logins across both processes', async () => {
    const wrong = (on: Process) =>
      new Client(on.url).post(
        '/api/login',
        { email: 'two@example.com', password: 'not-her-password' },
        HER_ADDRESS,
      );
    // Ten failures an hour for her email from one address: six on A, four on B.
    for (let i = 0; i < 6; i += 1) expect((await wrong(a)).status).toBe(401);
    for (let i = 0; i < 4; i += 1) expect((await wrong(b)).status).toBe(401);
    const eleventh = await new Client(b.url).post(
      '/api/login',
      { email: 'two@example.com', password: PASSWORD },
      HER_ADDRESS,
    );
    expect(eleventh.status).toBe(429);
  });

  it('answers 503 with a clear message while PostgreSQL is down, and recovers without a restart', async () => {
    cluster.pause();
    try {
      const down = await her.get('/api/chats');
      expect(down.status).toBe(503);
      expect(down.body.code).toBe('database_unavailable');
      expect(down.body.message).toBe(
        'The database is not reachable right now. Please try again in a moment.',
      );
      expect(down.headers.get('retry-after')).toBe('2');
      const health = await new Client(b.url).get('/api/health');
      expect(health.status).toBe(503);
    } finally {
      cluster.resume();
    }
    await expect
      .poll(async () => (await her.get('/api/chats')).status, { timeout: 20_000, interval: 250 })
      .toBe(200);
    expect((await sameBrowser(her, b).get('/api/chats')).status).toBe(200);
    // Health is ok again once a background write has reached the database.
    await expect
      .poll(async () => (await new Client(a.url).get('/api/health')).status, { timeout: 10_000 })
      .toBe(200);
  }, 40_000);

  it('writes every acknowledged reply exactly once when A is killed mid-reply', async () => {
    model.pieceDelayMs = 150;
    model.hold();
    const sent: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const messageId = randomUUID();
      const pushed = await her.post('/api/sync/push', {
        mutations: [createChat(randomUUID(), messageId, `Message number ${i}`)],
      });
      expect(pushed.status).toBe(200);
      expect(pushed.body.results[0].status).toBe('applied');
      sent.push(messageId);
    }
    // Each process asks the model under a name of its own: A is writing them, held at the
    // model, when it is killed.
    const askedBy = (name: string, i: number) =>
      model
        .completions()
        .some(
          (request) =>
            request.body.model === name &&
            request.body.messages?.some((line) => line.content.includes(`Message number ${i}`)),
        );
    await expect
      .poll(() => [0, 1, 2].some((i) => askedBy('model-a', i)), { timeout: 10_000 })
      .toBe(true);
    const writtenByA = [0, 1, 2].filter((i) => askedBy('model-a', i));
    a.child.kill('SIGKILL');
    model.release();
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('reply_jobs')
              .select('state')
              .where('message_id', 'in', sent)
              .execute()
          ).every((job) => job.state === 'done'),
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    // What A was writing, B wrote once A's leases ran out.
    for (const i of writtenByA) expect(askedBy('model-b', i)).toBe(true);
    const replies = await db
      .selectFrom('messages')
      .select(['reply_to', 'content'])
      .where('reply_to', 'in', sent)
      .execute();
    expect(replies.map((reply) => reply.reply_to).sort()).toEqual([...sent].sort());
    for (const reply of replies) expect(reply.content).toBe(model.reply);
    const pulled = await sameBrowser(her, b).get('/api/sync/pull?since=0');
    expect(pulled.status).toBe(200);
  }, 60_000);
});
