import type { LegacyDb as Db } from '../db/open';

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

const COLUMNS = `id_hash AS idHash, public_id AS publicId, user_id AS userId,
  user_agent AS userAgent, created_at AS createdAt,
  coalesce(last_seen_at, created_at) AS lastSeenAt, expires_at AS expiresAt`;

export function insertSession(db: Db, session: SessionRow): void {
  db.prepare(
    `INSERT INTO sessions (id_hash, public_id, user_id, user_agent, created_at, last_seen_at, expires_at)
     VALUES (@idHash, @publicId, @userId, @userAgent, @createdAt, @lastSeenAt, @expiresAt)`,
  ).run(session);
}

export function findSession(db: Db, idHash: string): SessionRow | undefined {
  return db
    .prepare<[string], SessionRow>(`SELECT ${COLUMNS} FROM sessions WHERE id_hash = ?`)
    .get(idHash);
}

/** Her live sessions (expiring after `now`), in no particular order. */
export function findLiveSessionsOfUser(db: Db, userId: string, now: number): SessionRow[] {
  return db
    .prepare<[string, number], SessionRow>(
      `SELECT ${COLUMNS} FROM sessions WHERE user_id = ? AND expires_at > ?`,
    )
    .all(userId, now);
}

/** Her session with this public id (anyone else's is not found). */
export function findSessionOfUser(
  db: Db,
  userId: string,
  publicId: string,
): SessionRow | undefined {
  return db
    .prepare<[string, string], SessionRow>(
      `SELECT ${COLUMNS} FROM sessions WHERE user_id = ? AND public_id = ?`,
    )
    .get(userId, publicId);
}

/** Records a use of the session, unless one was recorded since `before` (at most one write a minute). */
export function touchSession(db: Db, idHash: string, at: number, before: number): void {
  db.prepare(
    `UPDATE sessions SET last_seen_at = ?
     WHERE id_hash = ? AND (last_seen_at IS NULL OR last_seen_at <= ?)`,
  ).run(at, idHash, before);
}

export function deleteSession(db: Db, idHash: string): void {
  db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(idHash);
}

/** Ends every session of hers but `keepIdHash`; returns how many ended. */
export function deleteOtherSessions(db: Db, userId: string, keepIdHash: string): number {
  return db
    .prepare('DELETE FROM sessions WHERE user_id = ? AND id_hash <> ?')
    .run(userId, keepIdHash).changes;
}

export function deleteExpiredSessions(db: Db, userId: string, now: number): void {
  db.prepare('DELETE FROM sessions WHERE user_id = ? AND expires_at <= ?').run(userId, now);
}

/** Ends her sessions beyond the `keep` newest (by sign-in time, then by insertion). */
export function deleteOldestSessions(db: Db, userId: string, keep: number): void {
  db.prepare(
    `DELETE FROM sessions WHERE user_id = @userId AND rowid NOT IN (
       SELECT rowid FROM sessions WHERE user_id = @userId
       ORDER BY created_at DESC, rowid DESC LIMIT +@keep
     )`,
  ).run({ userId, keep });
}
