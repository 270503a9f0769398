import { pino } from 'pino';
import type { KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { openMemorySqlite } from '../db/memory';
import type { SqliteConnection } from '../db/open';
import type { Deps } from '../deps';
import type { ReplyRequest } from './types';
import * as jobsRepo from './jobsRepo';
import * as repo from '../chats/repo';
import { createReplyJobs } from './jobs';
import type { ReplyJobs } from './jobs';

const NOW = 1_000_000;

/** The connection under `db`, for seeding rows. */
let handle: SqliteConnection;
let db: Db;
let jobs: ReplyJobs;
/** The SQL of every query run on the connection since the test began. */
let sqlUsed: string[];
let deps: Deps;

/** A provider that writes nothing until the job is stopped. */
const silentProvider = {
  name: 'openai',
  historyRows: 10,
  async *generate(request: ReplyRequest) {
    await new Promise((resolve) => request.signal?.addEventListener('abort', resolve));
    yield* [];
  },
};

beforeEach(async () => {
  ({ db, sqlite: handle } = await openMemorySqlite());
  handle.exec(`
    INSERT INTO users (id, email, password_hash, created_at, updated_at)
      VALUES ('u', 'u@example.com', 'h', 0, 0);
    INSERT INTO chats (id, user_id, persona_id, title, created_at, updated_at, change_seq)
      VALUES ('c', 'u', 1, '', 0, 0, 0);
    INSERT INTO messages (id, chat_id, user_id, role, content, created_at, change_seq, chat_seq)
      VALUES ('m', 'c', 'u', 'user', 'hi', 0, 1, 1);`);
  await jobsRepo.insertJob(db, { messageId: 'm', userId: 'u', chatId: 'c', createdAt: 0 });
  sqlUsed = [];
  // At the connection: a prepared query (db/prepared.ts) is compiled once, then only run.
  const prepare = handle.prepare.bind(handle);
  handle.prepare = ((text: string) => {
    sqlUsed.push(text);
    return prepare(text);
  }) as typeof handle.prepare;
  deps = {
    db,
    now: () => NOW,
    logger: pino({ level: 'silent' }),
    config: {
      replyJobConcurrency: 4,
      replyJobLeaseMs: 30_000,
      openaiModeration: false,
    } as Config,
    replies: silentProvider,
  } as unknown as Deps;
  jobs = createReplyJobs(() => deps);
  (deps as { replyJobs: ReplyJobs }).replyJobs = jobs;
});
afterEach(async () => {
  await jobs.stop();
  await db.destroy();
});

/** Resolves once `check` holds, looking every few milliseconds. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('never came true');
}

describe('a claim of reply jobs', () => {
  it('takes the job with a lease, its attempt counted', async () => {
    jobs.start();
    await eventually(async () => (await jobsRepo.findJob(db, 'm'))?.state === 'running');
    expect(await jobsRepo.findJob(db, 'm')).toMatchObject({
      state: 'running',
      attempts: 1,
      leaseUntil: NOW + 30_000,
    });
  });

  it('gives a running job back to the queue at stop, its attempt not counted', async () => {
    jobs.start();
    await eventually(async () => (await jobsRepo.findJob(db, 'm'))?.state === 'running');
    await jobs.stop();
    expect(await jobsRepo.findJob(db, 'm')).toMatchObject({
      state: 'queued',
      attempts: 0,
      leaseUntil: null,
    });
  });
});

describe('the runner', () => {
  it('claims no more than replyJobConcurrency jobs at once, however often it is woken', async () => {
    (deps as { config: Config }).config = { ...deps.config, replyJobConcurrency: 1 };
    // Each query takes a while (as over a network): wake-ups come while a claim is under way.
    const slow: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return args.result;
      },
    };
    (deps as { db: Db }).db = deps.db.withPlugin(slow);
    handle.exec(`
      INSERT INTO chats (id, user_id, persona_id, title, created_at, updated_at, change_seq)
        VALUES ('d', 'u', 1, '', 0, 0, 0);
      INSERT INTO messages (id, chat_id, user_id, role, content, created_at, change_seq, chat_seq)
        VALUES ('n', 'd', 'u', 'user', 'hi', 0, 2, 1);`);
    await jobsRepo.insertJob(db, { messageId: 'n', userId: 'u', chatId: 'd', createdAt: 1 });
    jobs.start();
    for (let n = 0; n < 5; n += 1) jobs.kick();
    await eventually(async () => (await jobsRepo.findJob(db, 'm'))?.state === 'running');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await jobsRepo.findJob(db, 'n'))?.state).toBe('queued');
  });
});

/** A provider that answers "ok" at once. */
const quickProvider = {
  name: 'builtin',
  historyRows: 10,
  async *generate() {
    yield 'ok';
  },
};

/** The job's outcome: `reply` (its text) or `error` (its message). */
function outcomeOf(messageId: string): Promise<string> {
  return new Promise((resolve) => {
    jobs.feed.watch(messageId, (event) => {
      if (event.type === 'reply') resolve(`reply: ${event.reply.content}`);
      if (event.type === 'error') resolve(`error: ${event.error.message}`);
    });
  });
}

describe('a job queued by a send in this process', () => {
  const sent = async () => ({
    chat: (await repo.findChat(db, 'c'))!,
    userMessage: (await repo.findMessage(db, 'm'))!,
  });
  // The chat's risk state is read afresh on purpose (a send's copy may predate a crisis reply),
  // and whether her message is still there (storeReply) reads its id alone.
  const readsOfRows = () =>
    sqlUsed.filter((sql) =>
      /^select (?!"id" from |"last_crisis_at" ).* from "(chats|messages)" where "id" = \?$/.test(
        sql.trim(),
      ),
    );

  beforeEach(() => {
    (deps as { replies: unknown }).replies = quickProvider;
  });

  it('starts from the rows the send stored, not reading her message and chat again', async () => {
    jobs.expect(await sent());
    sqlUsed = [];
    const outcome = outcomeOf('m');
    jobs.start();
    expect(await outcome).toBe('reply: ok');
    expect(readsOfRows()).toEqual([]);
  });

  it('reads them when no send told it (another process, a restart)', async () => {
    sqlUsed = [];
    const outcome = outcomeOf('m');
    jobs.start();
    expect(await outcome).toBe('reply: ok');
    expect(readsOfRows()).toHaveLength(2);
  });

  it('stores no reply when her chat is deleted while the reply is written', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let writing = () => {};
    const started = new Promise<void>((resolve) => (writing = resolve));
    (deps as { replies: unknown }).replies = {
      ...quickProvider,
      async *generate() {
        writing();
        await gate;
        yield 'ok';
      },
    };
    jobs.expect(await sent());
    const outcome = outcomeOf('m');
    jobs.start();
    await started;
    handle.exec(`DELETE FROM messages WHERE chat_id = 'c';
      UPDATE chats SET deleted_at = 1 WHERE id = 'c';`);
    release();
    expect(await outcome).toMatch(/^error: /);
    expect(handle.prepare('SELECT COUNT(*) AS n FROM messages').get()).toEqual({ n: 0 });
  });
});
