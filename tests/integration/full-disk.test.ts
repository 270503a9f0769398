import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SqliteConnection as Db } from '../../sync-server/src/db/open';
import { grant, signedInClient } from './fakes/besties';
import { FakeOpenAi } from './fakes/openai';
import { createChat, eventually, messageIdOf, pullAll, push, replyWritten } from './fakes/sync';
import type { TestServer } from './harness';
import { LogCapture, onPostgres, startTestServer } from './harness';

const LEASE_MS = 1000;
const fake = new FakeOpenAi();
const servers: TestServer[] = [];
/** What would have ended a real process: errors nothing caught. */
const uncaught: unknown[] = [];
const noteUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  await fake.start();
  process.on('uncaughtException', noteUncaught);
  process.on('unhandledRejection', noteUncaught);
});
afterEach(async () => {
  fake.release();
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});
afterAll(async () => {
  process.off('uncaughtException', noteUncaught);
  process.off('unhandledRejection', noteUncaught);
  await fake.stop();
});

/**
 * Makes every write on the server's connection fail as on a full disk (SQLITE_FULL; reads,
 * pragmas and beginning or ending a transaction still work, as they do there), until the
 * answer is called: space is back.
 */
function fillDisk(db: Db): () => void {
  const prepare = db.prepare;
  db.prepare = ((sql: string) => {
    const statement = prepare.call(db, sql);
    if (statement.reader || /^\s*(PRAGMA|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i.test(sql)) {
      return statement;
    }
    return new Proxy(statement, {
      get(target, key) {
        if (key === 'run') {
          return () => {
            throw new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
          };
        }
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }) as Db['prepare'];
  return () => {
    db.prepare = prepare;
  };
}

// The full disk is simulated on the server's better-sqlite3 connection.
describe.skipIf(onPostgres)('a full disk under a reply job', () => {
  it('keeps the server answering, logs the failure, says degraded, and writes the reply once space is back', async () => {
    const logs = new LogCapture();
    const server = await startTestServer({
      env: { OPENAI_BASE_URL: fake.url, REPLY_JOB_LEASE_MS: String(LEASE_MS) },
      logger: logs.logger,
    });
    servers.push(server);
    const { client, userId } = await signedInClient(server, 'full-disk');
    await grant(server, userId, 'premium');
    fake.hold();
    const asked = fake.completions().length;
    const mutation = createChat(randomUUID(), 'Is anyone there?');
    expect((await push(client, [mutation])).body.results[0].status).toBe('applied');
    const { chatId, messageId } = messageIdOf(mutation);
    await eventually(async () => fake.completions().length > asked);

    // Logged, or (unguarded) thrown where nothing catches it: a real process would exit.
    const failed = (msg: string) => async () =>
      uncaught.length > 0 ||
      logs
        .errors()
        .some((line) => line.msg === msg && (line.err as { code?: string }).code === 'SQLITE_FULL');
    const spaceBack = fillDisk(server.sqlite!);
    const reply = replyWritten(client, chatId, messageId);
    // Renewed every third of a lease while the model writes.
    await eventually(failed("renewing a reply job's lease failed"));
    expect(uncaught).toEqual([]);
    fake.release();
    await eventually(failed("recording a reply job's failure failed"));
    expect(uncaught).toEqual([]);

    const degraded = await client.get('/api/health');
    expect(degraded.status).toBe(503);
    expect(degraded.body).toMatchObject({ ok: false, database: 'ok', writes: 'failing' });
    expect((await client.get('/api/personas')).status).toBe(200);
    expect((await pullAll(client)).messages.filter((m) => m.replyTo === messageId)).toEqual([]);

    spaceBack();
    server.clock.advance(2 * LEASE_MS);
    expect((await reply).event).toBe('reply');
    const messages = (await pullAll(client)).messages;
    expect(messages.find((m) => m.replyTo === messageId)?.message).toContain('UNIQUE-MARKER-xyz');
    expect(messages.find((m) => m.id === messageId)?.replyError).toBeNull();
    const healthy = await client.get('/api/health');
    expect(healthy.status).toBe(200);
    expect(healthy.body).toMatchObject({ ok: true, writes: 'ok' });
    expect(uncaught).toEqual([]);
  });
});
