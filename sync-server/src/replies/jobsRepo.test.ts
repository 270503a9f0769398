import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { LegacyDb as Db } from '../db/open';
import * as jobsRepo from './jobsRepo';

const NOW = 1_000_000;
const LIVE = NOW + 60_000;
const RAN_OUT = NOW - 1;

let db: Db;
/** Chats seeded so far, and the next place in each. */
const places = new Map<string, number>();
/** Jobs queued so far: each a moment later than the one before. */
let sent = 0;

/** Her message `id` in chat `chatId` (a new chat when unseen) with a reply job in `state`. */
function job(
  id: string,
  chatId: string,
  state: jobsRepo.ReplyJobState = 'queued',
  leaseUntil: number | null = null,
) {
  if (!places.has(chatId)) {
    db.prepare(
      `INSERT INTO chats (id, user_id, persona_id, title, created_at, updated_at, change_seq)
       VALUES (?, 'u', 1, '', 0, 0, 0)`,
    ).run(chatId);
  }
  const place = (places.get(chatId) ?? 0) + 1;
  places.set(chatId, place);
  db.prepare(
    `INSERT INTO messages (id, chat_id, user_id, role, content, created_at, change_seq, chat_seq)
     VALUES (?, ?, 'u', 'user', 'hi', ?, ?, ?)`,
  ).run(id, chatId, place, place, place);
  jobsRepo.insertJob(db, { messageId: id, userId: 'u', chatId, createdAt: (sent += 1) });
  if (state !== 'queued') {
    db.prepare('UPDATE reply_jobs SET state = ?, lease_until = ? WHERE message_id = ?').run(
      state,
      leaseUntil,
      id,
    );
  }
}

const claimable = (busyChatIds: string[] = []) =>
  jobsRepo.claimableJobs(db, { now: NOW, limit: 100, busyChatIds }).map((row) => row.messageId);

beforeEach(() => {
  places.clear();
  sent = 0;
  db = openDatabase(':memory:');
  migrate(db);
  db.prepare(
    "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u', 'u@example.com', 'h', 0, 0)",
  ).run();
});
afterEach(() => db.close());

describe('claimableJobs', () => {
  it("takes each chat's first job in order, none where a job holds a live lease or runs here", () => {
    job('a1', 'a');
    job('a2', 'a');
    job('b1', 'b', 'running', LIVE);
    job('b2', 'b');
    job('c1', 'c', 'running', RAN_OUT);
    job('c2', 'c');
    job('d1', 'd', 'done');
    job('d2', 'd');
    job('e1', 'e');
    expect(claimable()).toEqual(['a1', 'c1', 'd2', 'e1']);
    expect(claimable(['a', 'e'])).toEqual(['c1', 'd2']);
  });

  it("finds a chat's running job through reply_jobs_chat_running, not by reading every live lease", () => {
    // The lease index would read every job running anywhere for each one queued: with a full
    // runner and a backlog, thousands of rows at every send.
    job('a1', 'a');
    let claimSql = '';
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      claimSql = sql;
      return prepare(sql);
    }) as Db['prepare'];
    claimable();
    db.prepare = prepare;
    const plan = db
      .prepare<[{ now: number; limit: number; busy: string }], { detail: string }>(
        `EXPLAIN QUERY PLAN ${claimSql}`,
      )
      .all({ now: NOW, limit: 1, busy: '[]' })
      .map((row) => row.detail);
    expect(plan).toContain('SEARCH other USING INDEX reply_jobs_chat_running (chat_id=?)');
  });
});
