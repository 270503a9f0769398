import type { LegacyDb as Db } from '../db/open';

export interface EntitlementRow {
  userId: string;
  tier: string;
  expiresAt: number | null;
  updatedAt: number;
}

export function findEntitlement(db: Db, userId: string): EntitlementRow | undefined {
  return db
    .prepare<[string], EntitlementRow>(
      `SELECT user_id AS userId, tier, expires_at AS expiresAt, updated_at AS updatedAt
       FROM entitlements WHERE user_id = ?`,
    )
    .get(userId);
}

export function upsertEntitlement(db: Db, row: EntitlementRow): void {
  db.prepare(
    `INSERT INTO entitlements (user_id, tier, expires_at, updated_at)
     VALUES (@userId, @tier, @expiresAt, @updatedAt)
     ON CONFLICT (user_id) DO UPDATE SET
       tier = excluded.tier, expires_at = excluded.expires_at, updated_at = excluded.updated_at`,
  ).run(row);
}

/** A purchase that counts: fulfilled and not refunded or disputed. */
export interface GrantingPurchaseRow {
  id: string;
  planId: string;
  fulfilledAt: number;
}

/**
 * Her purchases that give her a plan, in fulfilment order. Payments owns and writes the
 * purchases table; entitlements only reads it here, so neither service imports the other.
 */
export function grantingPurchases(db: Db, userId: string): GrantingPurchaseRow[] {
  return db
    .prepare<[string], GrantingPurchaseRow>(
      `SELECT id, plan_id AS planId, fulfilled_at AS fulfilledAt FROM purchases
       WHERE user_id = ? AND status = 'succeeded' AND fulfilled_at IS NOT NULL
         AND revoked_at IS NULL
       ORDER BY fulfilled_at, created_at, id`,
    )
    .all(userId);
}
