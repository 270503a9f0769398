import { inTransaction } from '../db/database';
import type { Db } from '../db/database';

export interface PasswordResetRow {
  tokenHash: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export async function insertPasswordReset(
  db: Db,
  row: Omit<PasswordResetRow, 'usedAt'>,
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

export function findPasswordReset(
  db: Db,
  tokenHash: string,
): Promise<PasswordResetRow | undefined> {
  return db
    .selectFrom('password_resets')
    .select([
      'token_hash as tokenHash',
      'user_id as userId',
      'created_at as createdAt',
      'expires_at as expiresAt',
      'used_at as usedAt',
    ])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Drops the user's links that can no longer be used (expired or used a day ago). */
export async function deleteStalePasswordResets(
  db: Db,
  userId: string,
  now: number,
): Promise<void> {
  await db
    .deleteFrom('password_resets')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', now)
    .execute();
}

/**
 * Uses a live link: marks it and every other open link of the user as used, sets the new
 * password hash and deletes all of the user's sessions, in one transaction. False when the
 * link was used or expired meanwhile (two tabs racing), and then nothing changes. Her devices
 * are the caller's to tell, once this has committed.
 */
export function completePasswordReset(
  db: Db,
  props: { tokenHash: string; userId: string; passwordHash: string; now: number },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: props.now })
      .where('token_hash', '=', props.tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', props.now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('password_resets')
      .set({ used_at: props.now })
      .where('user_id', '=', props.userId)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .updateTable('users')
      .set({ password_hash: props.passwordHash, updated_at: props.now })
      .where('id', '=', props.userId)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', props.userId).execute();
    return true;
  });
}
