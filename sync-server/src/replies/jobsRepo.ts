import type { LegacyDb as Db } from '../db/open';

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
}

const columnsOf = (table: string) => `${table}.message_id AS messageId,
  ${table}.user_id AS userId, ${table}.chat_id AS chatId, ${table}.state AS state,
  ${table}.attempts AS attempts, ${table}.lease_until AS leaseUntil,
  ${table}.created_at AS createdAt, ${table}.updated_at AS updatedAt`;

export function insertJob(
  db: Db,
  job: Pick<ReplyJobRow, 'messageId' | 'userId' | 'chatId' | 'createdAt'>,
): void {
  db.prepare(
    `INSERT INTO reply_jobs (message_id, user_id, chat_id, state, attempts, created_at, updated_at)
     VALUES (@messageId, @userId, @chatId, 'queued', 0, @createdAt, @createdAt)`,
  ).run(job);
}

export function findJob(db: Db, messageId: string): ReplyJobRow | undefined {
  return db
    .prepare<[string], ReplyJobRow>(
      `SELECT ${columnsOf('reply_jobs')} FROM reply_jobs WHERE message_id = ?`,
    )
    .get(messageId);
}

/**
 * Puts a failed job back in the queue, as new (also a done one, should its reply be gone).
 * False when it is queued or running already.
 */
export function requeueFinishedJob(db: Db, job: { messageId: string; now: number }): boolean {
  return (
    db
      .prepare(
        `UPDATE reply_jobs SET state = 'queued', attempts = 0, lease_until = NULL,
           updated_at = @now
         WHERE message_id = @messageId AND state IN ('failed', 'done')`,
      )
      .run(job).changes === 1
  );
}

/**
 * Jobs a runner may take now, oldest first and at most one per chat (a chat's replies are
 * written one after another, each seeing the one before): queued ones, and running ones whose
 * lease ran out, in chats where no other job holds a live lease and none of `busy` runs here.
 * A chat's running job is found through reply_jobs_chat_running: the `+` keeps SQLite off the
 * lease index, which would read every job running anywhere for each queued one (a full runner
 * of 64 and a backlog: thousands of rows at every send; 3x the whole query under the bench).
 */
export function claimableJobs(
  db: Db,
  q: { now: number; limit: number; busyChatIds: string[] },
): ReplyJobRow[] {
  return db
    .prepare<[{ now: number; limit: number; busy: string }], ReplyJobRow>(
      `SELECT messageId, userId, chatId, state, attempts, leaseUntil, createdAt, updatedAt
       FROM (
         SELECT ${columnsOf('j')}, j.rowid AS position,
           ROW_NUMBER() OVER (PARTITION BY j.chat_id ORDER BY m.chat_seq) AS inChat
         FROM reply_jobs j JOIN messages m ON m.id = j.message_id
         WHERE (j.state = 'queued' OR (j.state = 'running' AND j.lease_until < @now))
           AND j.chat_id NOT IN (SELECT value FROM json_each(@busy))
           AND NOT EXISTS (
             SELECT 1 FROM reply_jobs other
             WHERE other.chat_id = j.chat_id AND other.state = 'running'
               AND +other.lease_until >= @now)
       )
       WHERE inChat = 1
       ORDER BY createdAt, position
       LIMIT +@limit`,
    )
    .all({ now: q.now, limit: q.limit, busy: JSON.stringify(q.busyChatIds) });
}

/** Takes a job with a lease; its new `attempts` is the claim's fencing token. */
export function markRunning(db: Db, job: { messageId: string; now: number; leaseUntil: number }) {
  db.prepare(
    `UPDATE reply_jobs SET state = 'running', attempts = attempts + 1,
       lease_until = @leaseUntil, updated_at = @now
     WHERE message_id = @messageId`,
  ).run(job);
}

type Claim = { messageId: string; attempts: number; now: number };

/** Extends the lease of a job this claim still holds. False when it lost the job. */
export function renewLease(db: Db, claim: Claim & { leaseUntil: number }): boolean {
  return (
    db
      .prepare(
        `UPDATE reply_jobs SET lease_until = @leaseUntil, updated_at = @now
         WHERE message_id = @messageId AND state = 'running' AND attempts = @attempts`,
      )
      .run(claim).changes === 1
  );
}

/** The reply is stored: the job is done, whoever held it. */
export function markDone(db: Db, job: { messageId: string; now: number }): void {
  db.prepare(
    `UPDATE reply_jobs SET state = 'done', lease_until = NULL, updated_at = @now
     WHERE message_id = @messageId`,
  ).run(job);
}

/** Fails a job this claim still holds. False when it lost the job (someone else has it now). */
export function markFailed(db: Db, claim: Claim): boolean {
  return (
    db
      .prepare(
        `UPDATE reply_jobs SET state = 'failed', lease_until = NULL, updated_at = @now
         WHERE message_id = @messageId AND state = 'running' AND attempts = @attempts`,
      )
      .run(claim).changes === 1
  );
}

/** Gives a job this claim holds back to the queue (shutdown), not counting the attempt. */
export function releaseJob(db: Db, claim: Claim): void {
  db.prepare(
    `UPDATE reply_jobs SET state = 'queued', attempts = attempts - 1, lease_until = NULL,
       updated_at = @now
     WHERE message_id = @messageId AND state = 'running' AND attempts = @attempts`,
  ).run(claim);
}
