import type { LegacyDb as Db } from '../db/open';
import { changeFeed } from '../sync/notify';

export interface PasswordResetRow {
  tokenHash: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export function insertPasswordReset(db: Db, row: Omit<PasswordResetRow, 'usedAt'>): void {
  db.prepare(
    `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at)
     VALUES (@tokenHash, @userId, @createdAt, @expiresAt)`,
  ).run(row);
}

export function findPasswordReset(db: Db, tokenHash: string): PasswordResetRow | undefined {
  return db
    .prepare<[string], PasswordResetRow>(
      `SELECT token_hash AS tokenHash, user_id AS userId, created_at AS createdAt,
              expires_at AS expiresAt, used_at AS usedAt
       FROM password_resets WHERE token_hash = ?`,
    )
    .get(tokenHash);
}

/** Drops the user's links that can no longer be used (expired or used a day ago). */
export function deleteStalePasswordResets(db: Db, userId: string, now: number): void {
  db.prepare('DELETE FROM password_resets WHERE user_id = ? AND expires_at <= ?').run(userId, now);
}

/**
 * Uses a live link: marks it and every other open link of the user as used, sets the new
 * password hash and deletes all of the user's sessions, in one transaction. False when the
 * link was used or expired meanwhile (two tabs racing), and then nothing changes.
 */
export function completePasswordReset(
  db: Db,
  props: { tokenHash: string; userId: string; passwordHash: string; now: number },
): boolean {
  return db.transaction(() => {
    const claimed = db
      .prepare(
        `UPDATE password_resets SET used_at = @now
         WHERE token_hash = @tokenHash AND used_at IS NULL AND expires_at > @now`,
      )
      .run(props);
    if (claimed.changes !== 1) return false;
    db.prepare(
      'UPDATE password_resets SET used_at = @now WHERE user_id = @userId AND used_at IS NULL',
    ).run(props);
    db.prepare(
      'UPDATE users SET password_hash = @passwordHash, updated_at = @now WHERE id = @userId',
    ).run(props);
    db.prepare('DELETE FROM sessions WHERE user_id = @userId').run(props);
    // Every device of hers is signed out: their live sync streams close (sync/events.ts).
    changeFeed(db).changed(props.userId, 'account');
    return true;
  })();
}
