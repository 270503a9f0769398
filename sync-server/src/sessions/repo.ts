import type { Db } from '../db/database';
import { prepared } from '../db/prepared';

export interface SessionRow {
  idHash: string;
  /** The id her devices list shows (never the cookie's secret or its hash). */
  publicId: string;
  userId: string;
  /** As sent at sign-in, trimmed to at most 300 characters; null when none was sent. */
  userAgent: string | null;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

const selectSessions = (db: Db) =>
  db
    .selectFrom('sessions')
    .select((eb) => [
      'id_hash as idHash',
      'public_id as publicId',
      'user_id as userId',
      'user_agent as userAgent',
      'created_at as createdAt',
      eb.fn.coalesce('last_seen_at', 'created_at').as('lastSeenAt'),
      'expires_at as expiresAt',
    ])
    // Every session has one since migration 008 (the column itself allows none).
    .$narrowType<{ publicId: string }>();

export async function insertSession(db: Db, session: SessionRow): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id_hash: session.idHash,
      public_id: session.publicId,
      user_id: session.userId,
      user_agent: session.userAgent,
      created_at: session.createdAt,
      last_seen_at: session.lastSeenAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

const sessionByHash = prepared((db, values: { idHash: string }) =>
  selectSessions(db).where('id_hash', '=', values.idHash),
);

/** Read at every signed-in request: prepared once. */
export function findSession(db: Db, idHash: string): Promise<SessionRow | undefined> {
  return sessionByHash.executeTakeFirst(db, { idHash });
}

/** Her live sessions (expiring after `now`), in no particular order. */
export function findLiveSessionsOfUser(db: Db, userId: string, now: number): Promise<SessionRow[]> {
  return selectSessions(db).where('user_id', '=', userId).where('expires_at', '>', now).execute();
}

/** Her session with this public id (anyone else's is not found). */
export function findSessionOfUser(
  db: Db,
  userId: string,
  publicId: string,
): Promise<SessionRow | undefined> {
  return selectSessions(db)
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

/** Records a use of the session, unless one was recorded since `before` (at most one write a minute). */
export async function touchSession(
  db: Db,
  idHash: string,
  at: number,
  before: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: at })
    .where('id_hash', '=', idHash)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<=', before)]))
    .execute();
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

/** Ends every session of hers but `keepIdHash`; returns how many ended. */
export async function deleteOtherSessions(
  db: Db,
  userId: string,
  keepIdHash: string,
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id_hash', '<>', keepIdHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: Db, userId: string, now: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', now)
    .execute();
}

/**
 * Ends her sessions beyond the `keep` newest by sign-in time; of those begun in the same
 * millisecond, the one started later is the newer (its public id says: lifecycle.ts).
 */
export async function deleteOldestSessions(db: Db, userId: string, keep: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where(
      'id_hash',
      'not in',
      db
        .selectFrom('sessions')
        .select('id_hash')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('public_id', 'desc')
        .limit(keep),
    )
    .execute();
}
