import type { Db } from '../db/open';

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
