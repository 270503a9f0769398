import type { Db } from '../db/database';
import { prepared } from '../db/prepared';

export interface EntitlementRow {
  userId: string;
  tier: string;
  expiresAt: number | null;
  updatedAt: number;
}

export async function findEntitlement(db: Db, userId: string): Promise<EntitlementRow | undefined> {
  return entitlementOfUser.executeTakeFirst(db, { userId });
}

/** Read with grantingPurchases at every request that needs her plan: prepared once. */
const entitlementOfUser = prepared((db, values: { userId: string }) =>
  db
    .selectFrom('entitlements')
    .select(['user_id as userId', 'tier', 'expires_at as expiresAt', 'updated_at as updatedAt'])
    .where('user_id', '=', values.userId),
);

export async function upsertEntitlement(
  db: Db,
  row: EntitlementRow & { tier: 'free' | 'basic' | 'premium' | 'vip' },
): Promise<void> {
  await db
    .insertInto('entitlements')
    .values({
      user_id: row.userId,
      tier: row.tier,
      expires_at: row.expiresAt,
      updated_at: row.updatedAt,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        tier: eb.ref('excluded.tier'),
        expires_at: eb.ref('excluded.expires_at'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
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
export async function grantingPurchases(db: Db, userId: string): Promise<GrantingPurchaseRow[]> {
  return grantingPurchasesOfUser.execute(db, { userId });
}

const grantingPurchasesOfUser = prepared((db, values: { userId: string }) =>
  db
    .selectFrom('purchases')
    .select(['id', 'plan_id as planId', 'fulfilled_at as fulfilledAt'])
    .where('user_id', '=', values.userId)
    .where('status', '=', 'succeeded')
    .where('fulfilled_at', 'is not', null)
    .where('revoked_at', 'is', null)
    .orderBy('fulfilled_at')
    .orderBy('created_at')
    .orderBy('id')
    .$narrowType<{ fulfilledAt: number }>(),
);
