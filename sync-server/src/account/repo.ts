import type { LegacyDb as Db } from '../db/open';

/** Rate-limit counters keyed by any of `keys` (her email, her user id), in every bucket. */
export function deleteRateLimitsOf(db: Db, keys: string[]): void {
  db.prepare(`DELETE FROM rate_limits WHERE key IN (SELECT value FROM json_each(?))`).run(
    JSON.stringify(keys),
  );
}

/**
 * Deletes the users row; ON DELETE CASCADE takes her sessions, chats, messages, images rows,
 * password resets, processed mutations, reply jobs, entitlements, presented tiers and change
 * sequence. False when she was already gone.
 */
export function deleteUser(db: Db, userId: string): boolean {
  return db.prepare('DELETE FROM users WHERE id = ?').run(userId).changes === 1;
}
