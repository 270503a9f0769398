import { afterCommit } from '../db/database';
import type { Db } from '../db/database';
import { changeFeed } from '../sync/notify';

/** A purchase_claims row: the hashed token of the link mailed for a visitor's purchase. */
export interface ClaimRow {
  tokenHash: string;
  purchaseId: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  usedBy: string | null;
}

/** Records a purchase's claim link; false when it already has one (one mail per purchase). */
export async function insertClaim(
  db: Db,
  row: Omit<ClaimRow, 'usedAt' | 'usedBy'>,
): Promise<boolean> {
  const result = await db
    .insertInto('purchase_claims')
    .values({
      token_hash: row.tokenHash,
      purchase_id: row.purchaseId,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findClaim(db: Db, tokenHash: string): Promise<ClaimRow | undefined> {
  return db
    .selectFrom('purchase_claims')
    .select([
      'token_hash as tokenHash',
      'purchase_id as purchaseId',
      'created_at as createdAt',
      'expires_at as expiresAt',
      'used_at as usedAt',
      'used_by as usedBy',
    ])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Gives the purchase to her and uses up the link. Call inside the transaction that checked
 * both (the link live, the purchase nobody's); her devices hear once it has committed.
 */
export async function completeClaim(
  db: Db,
  props: { tokenHash: string; purchaseId: string; userId: string; now: number },
): Promise<void> {
  await db
    .updateTable('purchase_claims')
    .set({ used_at: props.now, used_by: props.userId })
    .where('token_hash', '=', props.tokenHash)
    .execute();
  await db
    .updateTable('purchases')
    .set({ user_id: props.userId, updated_at: props.now })
    .where('id', '=', props.purchaseId)
    .where('user_id', 'is', null)
    .where('account_deleted_at', 'is', null)
    .execute();
  afterCommit(db, () => changeFeed(db).changed(props.userId, 'account'));
}
