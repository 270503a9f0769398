import type { LegacyDb as Db } from '../db/open';
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
export function insertClaim(db: Db, row: Omit<ClaimRow, 'usedAt' | 'usedBy'>): boolean {
  const result = db
    .prepare(
      `INSERT INTO purchase_claims (token_hash, purchase_id, created_at, expires_at)
       VALUES (@tokenHash, @purchaseId, @createdAt, @expiresAt)
       ON CONFLICT DO NOTHING`,
    )
    .run(row);
  return result.changes === 1;
}

export function findClaim(db: Db, tokenHash: string): ClaimRow | undefined {
  return db
    .prepare<[string], ClaimRow>(
      `SELECT token_hash AS tokenHash, purchase_id AS purchaseId, created_at AS createdAt,
         expires_at AS expiresAt, used_at AS usedAt, used_by AS usedBy
       FROM purchase_claims WHERE token_hash = ?`,
    )
    .get(tokenHash);
}

/**
 * Gives the purchase to her and uses up the link. Call inside the transaction that checked
 * both (the link live, the purchase nobody's).
 */
export function completeClaim(
  db: Db,
  props: { tokenHash: string; purchaseId: string; userId: string; now: number },
): void {
  db.prepare(
    `UPDATE purchase_claims SET used_at = @now, used_by = @userId WHERE token_hash = @tokenHash`,
  ).run(props);
  db.prepare(
    `UPDATE purchases SET user_id = @userId, updated_at = @now
     WHERE id = @purchaseId AND user_id IS NULL AND account_deleted_at IS NULL`,
  ).run(props);
  changeFeed(db).changed(props.userId, 'account');
}
