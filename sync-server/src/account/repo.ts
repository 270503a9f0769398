import type { Db } from '../db/database';

/** Rate-limit counters keyed by any of `keys` (her email, her user id), in every bucket. */
export async function deleteRateLimitsOf(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('rate_limits').where('key', 'in', keys).execute();
}

/**
 * Deletes the users row; ON DELETE CASCADE takes her sessions, chats, messages, images rows,
 * password resets, processed mutations, reply jobs, entitlements, presented tiers and change
 * sequence. False when she was already gone.
 */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
