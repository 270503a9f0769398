import type { Db } from '../db/open';

export interface SessionRow {
  idHash: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
}

export function insertSession(db: Db, session: SessionRow): void {
  db.prepare(
    `INSERT INTO sessions (id_hash, user_id, created_at, expires_at)
     VALUES (@idHash, @userId, @createdAt, @expiresAt)`,
  ).run(session);
}

export function findSession(db: Db, idHash: string): SessionRow | undefined {
  return db
    .prepare<[string], SessionRow>(
      `SELECT id_hash AS idHash, user_id AS userId, created_at AS createdAt, expires_at AS expiresAt
       FROM sessions WHERE id_hash = ?`,
    )
    .get(idHash);
}

export function deleteSession(db: Db, idHash: string): void {
  db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(idHash);
}

export function deleteExpiredSessions(db: Db, userId: string, now: number): void {
  db.prepare('DELETE FROM sessions WHERE user_id = ? AND expires_at <= ?').run(userId, now);
}
