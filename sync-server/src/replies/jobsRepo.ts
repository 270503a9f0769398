import { sql } from 'kysely';
import { engineOf } from '../db/database';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';

export type ReplyJobState = 'queued' | 'running' | 'done' | 'failed';

/** A reply_jobs row: the reply owed to one user message. */
export interface ReplyJobRow {
  messageId: string;
  userId: string;
  chatId: string;
  state: ReplyJobState;
  /** Claims since it was last queued by her; a runner acts only while it still holds its own. */
  attempts: number;
  leaseUntil: number | null;
  createdAt: number;
  updatedAt: number;
  /** The stored reply this job writes again (she asked for a new one), else null. */
  replaces: string | null;
}

const JOB_COLUMNS = [
  'message_id as messageId',
  'user_id as userId',
  'chat_id as chatId',
  'state',
  'attempts',
  'lease_until as leaseUntil',
  'created_at as createdAt',
  'updated_at as updatedAt',
  'replaces',
] as const;

/** Whether an update changed exactly one row (the claim still held the job). */
const one = (result: { numUpdatedRows: bigint } | undefined) =>
  Number(result?.numUpdatedRows ?? 0) === 1;

export async function insertJob(
  db: Db,
  job: Pick<ReplyJobRow, 'messageId' | 'userId' | 'chatId' | 'createdAt'>,
): Promise<void> {
  await jobInserted.run(db, job);
}

const jobInserted = prepared(
  (db, job: Pick<ReplyJobRow, 'messageId' | 'userId' | 'chatId' | 'createdAt'>) =>
    db.insertInto('reply_jobs').values({
      message_id: job.messageId,
      user_id: job.userId,
      chat_id: job.chatId,
      state: 'queued',
      attempts: 0,
      created_at: job.createdAt,
      updated_at: job.createdAt,
    }),
);

export async function findJob(db: Db, messageId: string): Promise<ReplyJobRow | undefined> {
  return db
    .selectFrom('reply_jobs')
    .select(JOB_COLUMNS)
    .where('message_id', '=', messageId)
    .executeTakeFirst();
}

/**
 * Puts a failed job back in the queue, as new (also a done one, should its reply be gone).
 * False when it is queued or running already.
 */
export async function requeueFinishedJob(
  db: Db,
  job: { messageId: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('reply_jobs')
    .set({ state: 'queued', attempts: 0, lease_until: null, updated_at: job.now, replaces: null })
    .where('message_id', '=', job.messageId)
    .where('state', 'in', ['failed', 'done'])
    .executeTakeFirst();
  return one(result);
}

/**
 * Queues her message's job to write its stored reply `replaces` again (a message from before
 * reply jobs gets a job). False when its job is queued or running already: that one stands.
 */
export async function queueRewrite(
  db: Db,
  job: Pick<ReplyJobRow, 'messageId' | 'userId' | 'chatId'> & { replaces: string; now: number },
): Promise<boolean> {
  const result = await db
    .insertInto('reply_jobs')
    .values({
      message_id: job.messageId,
      user_id: job.userId,
      chat_id: job.chatId,
      state: 'queued',
      attempts: 0,
      created_at: job.now,
      updated_at: job.now,
      replaces: job.replaces,
    })
    .onConflict((oc) =>
      oc
        .column('message_id')
        .doUpdateSet({
          state: 'queued',
          attempts: 0,
          lease_until: null,
          updated_at: job.now,
          replaces: job.replaces,
        })
        .where('reply_jobs.state', 'in', ['failed', 'done']),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Jobs a runner may take now, oldest first (by when they were queued, then by message id,
 * which starts with its time) and at most one per chat (a chat's replies are written one after
 * another, each seeing the one before): queued ones, and running ones whose lease ran out, in
 * chats where no other job holds a live lease and none of `busy` runs here. A chat's running
 * job is found through reply_jobs_chat_running: the `+` keeps SQLite off the lease index,
 * which would read every job running anywhere for each queued one (a full runner of 64 and a
 * backlog: thousands of rows at every send; 3x the whole query under the bench); PostgreSQL
 * reads `+x` as x. Call inside the claim's transaction: on PostgreSQL the jobs are locked
 * (FOR UPDATE SKIP LOCKED), so runners in other processes claiming at the same moment pass
 * over each other's jobs instead of waiting; SQLite has one writer at a time and needs none.
 */
export async function claimableJobs(
  db: Db,
  q: { now: number; limit: number; busyChatIds: string[] },
): Promise<ReplyJobRow[]> {
  const firstInChat = db
    .selectFrom((eb) =>
      eb
        .selectFrom('reply_jobs as j')
        .innerJoin('messages as m', 'm.id', 'j.message_id')
        .select((inner) => [
          'j.message_id as messageId',
          inner.fn
            .agg<number>('row_number')
            .over((ob) => ob.partitionBy('j.chat_id').orderBy('m.chat_seq'))
            .as('inChat'),
        ])
        .where((w) =>
          w.or([
            w('j.state', '=', 'queued'),
            w.and([w('j.state', '=', 'running'), w('j.lease_until', '<', q.now)]),
          ]),
        )
        .$if(q.busyChatIds.length > 0, (qb) => qb.where('j.chat_id', 'not in', q.busyChatIds))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('reply_jobs as other')
                .select(sql.lit(1).as('one'))
                .whereRef('other.chat_id', '=', 'j.chat_id')
                .where('other.state', '=', 'running')
                .where(sql<number>`+other.lease_until`, '>=', q.now),
            ),
          ),
        )
        .as('candidates'),
    )
    .select('candidates.messageId')
    .where('candidates.inChat', '=', 1);
  return db
    .selectFrom('reply_jobs')
    .select(JOB_COLUMNS)
    .where('message_id', 'in', firstInChat)
    .where((w) =>
      w.or([
        w('state', '=', 'queued'),
        w.and([w('state', '=', 'running'), w('lease_until', '<', q.now)]),
      ]),
    )
    .orderBy('created_at')
    .orderBy('message_id')
    .limit(q.limit)
    .$if(engineOf(db) === 'postgres', (qb) => qb.forUpdate().skipLocked())
    .execute();
}

/** Takes a job with a lease; its new `attempts` is the claim's fencing token. */
export async function markRunning(
  db: Db,
  job: { messageId: string; now: number; leaseUntil: number },
): Promise<void> {
  await jobRunning.run(db, job);
}

const jobRunning = prepared((db, job: { messageId: string; now: number; leaseUntil: number }) =>
  db
    .updateTable('reply_jobs')
    .set((eb) => ({
      state: 'running',
      attempts: eb('attempts', '+', 1),
      lease_until: job.leaseUntil,
      updated_at: job.now,
    }))
    .where('message_id', '=', job.messageId),
);

type Claim = { messageId: string; attempts: number; now: number };

/** Extends the lease of a job this claim still holds. False when it lost the job. */
export async function renewLease(db: Db, claim: Claim & { leaseUntil: number }): Promise<boolean> {
  const result = await db
    .updateTable('reply_jobs')
    .set({ lease_until: claim.leaseUntil, updated_at: claim.now })
    .where('message_id', '=', claim.messageId)
    .where('state', '=', 'running')
    .where('attempts', '=', claim.attempts)
    .executeTakeFirst();
  return one(result);
}

/** The reply is stored: the job is done, whoever held it. */
export async function markDone(db: Db, job: { messageId: string; now: number }): Promise<void> {
  await jobDone.run(db, job);
}

const jobDone = prepared((db, job: { messageId: string; now: number }) =>
  db
    .updateTable('reply_jobs')
    .set({ state: 'done', lease_until: null, updated_at: job.now })
    .where('message_id', '=', job.messageId),
);

/** Fails a job this claim still holds. False when it lost the job (someone else has it now). */
export async function markFailed(db: Db, claim: Claim): Promise<boolean> {
  const result = await db
    .updateTable('reply_jobs')
    .set({ state: 'failed', lease_until: null, updated_at: claim.now })
    .where('message_id', '=', claim.messageId)
    .where('state', '=', 'running')
    .where('attempts', '=', claim.attempts)
    .executeTakeFirst();
  return one(result);
}

/** Gives a job this claim holds back to the queue (shutdown), not counting the attempt. */
export async function releaseJob(db: Db, claim: Claim): Promise<void> {
  await db
    .updateTable('reply_jobs')
    .set((eb) => ({
      state: 'queued',
      attempts: eb('attempts', '-', 1),
      lease_until: null,
      updated_at: claim.now,
    }))
    .where('message_id', '=', claim.messageId)
    .where('state', '=', 'running')
    .where('attempts', '=', claim.attempts)
    .execute();
}
