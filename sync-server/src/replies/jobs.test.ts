import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { LegacyDb as Db } from '../db/open';
import type { Deps } from '../deps';
import type { ReplyRequest } from './types';
import * as jobsRepo from './jobsRepo';
import * as repo from '../chats/repo';
import { createReplyJobs } from './jobs';
import type { ReplyJobs } from './jobs';

const NOW = 1_000_000;

let db: Db;
let jobs: ReplyJobs;
/** The connection's `synchronous` each time a claim looked for jobs. */
let syncOfClaims: unknown[];
/** The SQL of every statement used since the test began. */
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

beforeEach(() => {
  db = openDatabase(':memory:');
  migrate(db);
  db.exec(`
    INSERT INTO users (id, email, password_hash, created_at, updated_at)
      VALUES ('u', 'u@example.com', 'h', 0, 0);
    INSERT INTO chats (id, user_id, persona_id, title, created_at, updated_at, change_seq)
      VALUES ('c', 'u', 1, '', 0, 0, 0);
    INSERT INTO messages (id, chat_id, user_id, role, content, created_at, change_seq, chat_seq)
      VALUES ('m', 'c', 'u', 'user', 'hi', 0, 1, 1);`);
  jobsRepo.insertJob(db, { messageId: 'm', userId: 'u', chatId: 'c', createdAt: 0 });
  syncOfClaims = [];
  sqlUsed = [];
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    sqlUsed.push(sql.replace(/\s+/g, ' '));
    if (sql.includes('ROW_NUMBER()')) syncOfClaims.push(db.pragma('synchronous', { simple: true }));
    return prepare(sql);
  }) as Db['prepare'];
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
  db.close();
});

describe('a claim of reply jobs', () => {
  it('is committed without a flush to the disk, and leaves the connection FULL after', () => {
    jobs.start();
    expect(syncOfClaims).toEqual([1]);
    expect(jobsRepo.findJob(db, 'm')).toMatchObject({ state: 'running', attempts: 1 });
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
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
  const sent = () => ({
    chat: repo.findChat(db, 'c')!,
    userMessage: repo.findMessage(db, 'm')!,
  });
  // The chat's risk state is read afresh on purpose (a send's copy may predate a crisis reply).
  const readsOfRows = () =>
    sqlUsed.filter((sql) =>
      /^SELECT (?!1 |last_crisis_at ).* FROM (chats|messages) WHERE id = \?$/.test(sql.trim()),
    );

  beforeEach(() => {
    (deps as { replies: unknown }).replies = quickProvider;
  });

  it('starts from the rows the send stored, not reading her message and chat again', async () => {
    jobs.expect(sent());
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
    (deps as { replies: unknown }).replies = {
      ...quickProvider,
      async *generate() {
        await gate;
        yield 'ok';
      },
    };
    jobs.expect(sent());
    const outcome = outcomeOf('m');
    jobs.start();
    db.exec(`DELETE FROM messages WHERE chat_id = 'c';
      UPDATE chats SET deleted_at = 1 WHERE id = 'c';`);
    release();
    expect(await outcome).toMatch(/^error: /);
    expect(db.prepare('SELECT COUNT(*) AS n FROM messages').get()).toEqual({ n: 0 });
  });
});
