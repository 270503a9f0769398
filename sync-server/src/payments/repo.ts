import type { Db } from '../db/open';

export type PurchaseStatusRow = 'pending' | 'succeeded' | 'refunded' | 'disputed';

/** A purchases row. Present it (present.ts), never send it. */
export interface PurchaseRow {
  id: string;
  paymentIntentId: string;
  provider: 'stripe' | 'test';
  planId: string;
  amount: number;
  currency: string;
  userId: string | null;
  email: string | null;
  status: PurchaseStatusRow;
  createdAt: number;
  updatedAt: number;
  fulfilledAt: number | null;
  revokedAt: number | null;
}

const COLUMNS = `id, payment_intent_id AS paymentIntentId, provider, plan_id AS planId, amount,
  currency, user_id AS userId, email, status, created_at AS createdAt, updated_at AS updatedAt,
  fulfilled_at AS fulfilledAt, revoked_at AS revokedAt`;

export function insertPurchase(
  db: Db,
  row: Pick<
    PurchaseRow,
    'id' | 'paymentIntentId' | 'provider' | 'planId' | 'amount' | 'currency' | 'userId'
  > & { createdAt: number },
): void {
  db.prepare(
    `INSERT INTO purchases (id, payment_intent_id, provider, plan_id, amount, currency, user_id,
       status, created_at, updated_at)
     VALUES (@id, @paymentIntentId, @provider, @planId, @amount, @currency, @userId,
       'pending', @createdAt, @createdAt)`,
  ).run(row);
}

export function findPurchaseByIntent(db: Db, paymentIntentId: string): PurchaseRow | undefined {
  return db
    .prepare<[string], PurchaseRow>(`SELECT ${COLUMNS} FROM purchases WHERE payment_intent_id = ?`)
    .get(paymentIntentId);
}

/**
 * The check-and-set of fulfilment: only a pending purchase becomes succeeded, so however many
 * verifies and webhooks race, one of them wins. False when it was not pending.
 */
export function markSucceeded(
  db: Db,
  props: { paymentIntentId: string; email: string | null; now: number },
): boolean {
  const result = db
    .prepare(
      `UPDATE purchases SET status = 'succeeded', email = COALESCE(@email, email),
         fulfilled_at = @now, updated_at = @now
       WHERE payment_intent_id = @paymentIntentId AND status = 'pending'`,
    )
    .run(props);
  return result.changes === 1;
}

/**
 * Takes a purchase back (refund or dispute). A pending one is revoked too, so a success that
 * arrives after its refund never fulfils it. False when it was already revoked.
 */
export function markRevoked(
  db: Db,
  props: { paymentIntentId: string; status: 'refunded' | 'disputed'; now: number },
): boolean {
  const result = db
    .prepare(
      `UPDATE purchases SET status = @status, revoked_at = @now, updated_at = @now
       WHERE payment_intent_id = @paymentIntentId AND status IN ('pending', 'succeeded')`,
    )
    .run(props);
  return result.changes === 1;
}

/** Gives her the paid purchases made without an account under her email; answers how many. */
export function attachByEmail(
  db: Db,
  props: { userId: string; email: string; now: number },
): number {
  return db
    .prepare(
      `UPDATE purchases SET user_id = @userId, updated_at = @now
       WHERE user_id IS NULL AND email = @email AND status = 'succeeded'`,
    )
    .run(props).changes;
}

/** Her purchases that were paid (whatever came after), newest first. */
export function paidPurchasesOf(db: Db, userId: string): PurchaseRow[] {
  return db
    .prepare<[string], PurchaseRow>(
      `SELECT ${COLUMNS} FROM purchases WHERE user_id = ? AND status <> 'pending'
       ORDER BY COALESCE(fulfilled_at, created_at) DESC, created_at DESC, rowid DESC`,
    )
    .all(userId);
}

/** Records a webhook event as handled; false when it already was. */
export function recordEvent(db: Db, props: { id: string; type: string; now: number }): boolean {
  const result = db
    .prepare(
      `INSERT INTO payment_events (id, type, received_at) VALUES (@id, @type, @now)
       ON CONFLICT (id) DO NOTHING`,
    )
    .run(props);
  return result.changes === 1;
}

export function isEventRecorded(db: Db, id: string): boolean {
  return db.prepare('SELECT 1 FROM payment_events WHERE id = ?').get(id) !== undefined;
}
