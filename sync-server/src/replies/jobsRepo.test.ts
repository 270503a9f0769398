import { CompiledQuery } from 'kysely';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { openMemoryDb } from '../db/memory';
import * as jobsRepo from './jobsRepo';
import { addUsers } from '../db/testData';

const NOW = 1_000_000;
const LIVE = NOW + 60_000;
const RAN_OUT = NOW - 1;

let db: Db;
/** Chats seeded so far, and the next place in each. */
const places = new Map<string, number>();
/** Jobs queued so far: each a moment later than the one before. */
let sent = 0;

/** Her message `id` in chat `chatId` (a new chat when unseen) with a reply job in `state`. */
async function job(
  id: string,
  chatId: string,
  state: jobsRepo.ReplyJobState = 'queued',
  leaseUntil: number | null = null,
) {
  if (!places.has(chatId)) {
    await db
      .insertInto('chats')
      .values({
        id: chatId,
        user_id: 'u',
        persona_id: 1,
        title: '',
        created_at: 0,
        updated_at: 0,
        change_seq: 0,
      })
      .execute();
  }
  const place = (places.get(chatId) ?? 0) + 1;
  places.set(chatId, place);
  await db
    .insertInto('messages')
    .values({
      id,
      chat_id: chatId,
      user_id: 'u',
      role: 'user',
      content: 'hi',
      created_at: place,
      change_seq: place,
      chat_seq: place,
    })
    .execute();
  await jobsRepo.insertJob(db, { messageId: id, userId: 'u', chatId, createdAt: (sent += 1) });
  if (state !== 'queued') {
    await db
      .updateTable('reply_jobs')
      .set({ state, lease_until: leaseUntil })
      .where('message_id', '=', id)
      .execute();
  }
}

const claimable = async (busyChatIds: string[] = [], on: Db = db) =>
  (await jobsRepo.claimableJobs(on, { now: NOW, limit: 100, busyChatIds })).map(
    (row) => row.messageId,
  );

beforeEach(async () => {
  places.clear();
  sent = 0;
  db = await openMemoryDb();
  await addUsers(db, ['u']);
});
afterEach(async () => {
  await db.destroy();
});

describe('claimableJobs', () => {
  it("takes each chat's first job in order, none where a job holds a live lease or runs here", async () => {
    await job('a1', 'a');
    await job('a2', 'a');
    await job('b1', 'b', 'running', LIVE);
    await job('b2', 'b');
    await job('c1', 'c', 'running', RAN_OUT);
    await job('c2', 'c');
    await job('d1', 'd', 'done');
    await job('d2', 'd');
    await job('e1', 'e');
    expect(await claimable()).toEqual(['a1', 'c1', 'd2', 'e1']);
    expect(await claimable(['a', 'e'])).toEqual(['c1', 'd2']);
  });

  it("finds a chat's running job through reply_jobs_chat_running, not by reading every live lease", async () => {
    // The lease index would read every job running anywhere for each one queued: with a full
    // runner and a backlog, thousands of rows at every send.
    await job('a1', 'a');
    let claimQuery:
      | {
          node: RootOperationNode;
          queryId: Parameters<KyselyPlugin['transformQuery']>[0]['queryId'];
        }
      | undefined;
    const capturing: KyselyPlugin = {
      transformQuery(args) {
        claimQuery = args;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    };
    await claimable([], db.withPlugin(capturing));
    if (!claimQuery) throw new Error('no claim query ran');
    const compiled = db.getExecutor().compileQuery(claimQuery.node, claimQuery.queryId);
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
    );
    expect(plan.rows.map((row) => row.detail)).toContain(
      'SEARCH other USING INDEX reply_jobs_chat_running (chat_id=?)',
    );
  });
});

describe("a claim's attempts (its fencing token)", () => {
  it("refuses a stale runner's late writes once the job was claimed again", async () => {
    await job('a1', 'a', 'running', RAN_OUT);
    await db
      .updateTable('reply_jobs')
      .set({ attempts: 1 })
      .where('message_id', '=', 'a1')
      .execute();
    // Another runner takes the job over: its claim is attempt 2.
    await jobsRepo.markRunning(db, { messageId: 'a1', now: NOW, leaseUntil: LIVE });
    const stale = { messageId: 'a1', attempts: 1, now: NOW };
    expect(await jobsRepo.renewLease(db, { ...stale, leaseUntil: LIVE + 1 })).toBe(false);
    expect(await jobsRepo.markFailed(db, stale)).toBe(false);
    await jobsRepo.releaseJob(db, stale);
    expect(await jobsRepo.findJob(db, 'a1')).toMatchObject({
      state: 'running',
      attempts: 2,
      leaseUntil: LIVE,
    });
    const held = { messageId: 'a1', attempts: 2, now: NOW };
    expect(await jobsRepo.renewLease(db, { ...held, leaseUntil: LIVE + 1 })).toBe(true);
    expect(await jobsRepo.markFailed(db, held)).toBe(true);
    expect(await jobsRepo.requeueFinishedJob(db, { messageId: 'a1', now: NOW })).toBe(true);
    expect(await jobsRepo.findJob(db, 'a1')).toMatchObject({ state: 'queued', attempts: 0 });
  });
});
