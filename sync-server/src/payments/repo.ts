import type { LegacyDb as Db } from '../db/open';
import { changeFeed } from '../sync/notify';

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
  /** Set when her account was deleted: the row is nobody's, for good. */
  accountDeletedAt: number | null;
}

const COLUMNS = `id, payment_intent_id AS paymentIntentId, provider, plan_id AS planId, amount,
  currency, user_id AS userId, email, status, created_at AS createdAt, updated_at AS updatedAt,
  fulfilled_at AS fulfilledAt, revoked_at AS revokedAt, account_deleted_at AS accountDeletedAt`;

export function insertPurchase(
  db: Db,
  row: Pick<
    PurchaseRow,
    'id' | 'paymentIntentId' | 'provider' | 'planId' | 'amount' | 'currency' | 'userId'
  > & { checkoutId: string | null; createdAt: number },
): void {
  db.prepare(
    `INSERT INTO purchases (id, payment_intent_id, provider, plan_id, amount, currency, user_id,
       checkout_id, status, created_at, updated_at)
     VALUES (@id, @paymentIntentId, @provider, @planId, @amount, @currency, @userId,
       @checkoutId, 'pending', @createdAt, @createdAt)`,
  ).run(row);
}

/**
 * Her checkout's newest purchase still pending: a signed-in user's by her user id, a visitor's
 * by the checkout id her device keeps (and only one no account has since).
 */
export function findOpenCheckout(
  db: Db,
  props: { provider: string } & ({ userId: string } | { checkoutId: string }),
): PurchaseRow | undefined {
  const whose =
    'userId' in props ? 'user_id = @userId' : 'user_id IS NULL AND checkout_id = @checkoutId';
  return db
    .prepare<[typeof props], PurchaseRow>(
      `SELECT ${COLUMNS} FROM purchases
       WHERE ${whose} AND provider = @provider AND status = 'pending'
         AND account_deleted_at IS NULL
       ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    )
    .get(props);
}

export function findPurchase(db: Db, id: string): PurchaseRow | undefined {
  return db.prepare<[string], PurchaseRow>(`SELECT ${COLUMNS} FROM purchases WHERE id = ?`).get(id);
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
      `UPDATE purchases SET status = 'succeeded',
         email = CASE WHEN account_deleted_at IS NULL THEN COALESCE(@email, email) END,
         fulfilled_at = @now, updated_at = @now
       WHERE payment_intent_id = @paymentIntentId AND status = 'pending'`,
    )
    .run(props);
  if (result.changes === 1) accountChanged(db, props.paymentIntentId);
  return result.changes === 1;
}

/** Her plan follows her purchases: her devices fetch her account again (live sync). */
function accountChanged(db: Db, paymentIntentId: string): void {
  const row = db
    .prepare('SELECT user_id AS userId FROM purchases WHERE payment_intent_id = ?')
    .get(paymentIntentId) as { userId: string | null } | undefined;
  if (row?.userId) changeFeed(db).changed(row.userId, 'account');
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
  if (result.changes === 1) accountChanged(db, props.paymentIntentId);
  return result.changes === 1;
}

/**
 * Gives back a purchase a refund or dispute took (the refund failed, the dispute was won): as
 * it was, so its period counts from when it was first fulfilled again. One taken back before it
 * was ever fulfilled goes back to pending, for its success to fulfil. False when it was not
 * taken back that way.
 */
export function markRestored(
  db: Db,
  props: { paymentIntentId: string; from: 'refunded' | 'disputed'; now: number },
): boolean {
  const result = db
    .prepare(
      `UPDATE purchases
       SET status = CASE WHEN fulfilled_at IS NULL THEN 'pending' ELSE 'succeeded' END,
         revoked_at = NULL, updated_at = @now
       WHERE payment_intent_id = @paymentIntentId AND status = @from`,
    )
    .run(props);
  if (result.changes === 1) accountChanged(db, props.paymentIntentId);
  return result.changes === 1;
}

/**
 * Her account is being deleted. Her purchases (hers, or a visitor's paid with her email) keep
 * what the law needs and lose every link to her for good (account_deleted_at); her email goes
 * from anyone else's purchase too. The test provider's intents lose her billing email and name
 * and her user id in their metadata. Call inside the deletion's transaction.
 */
export function forgetBuyer(db: Db, props: { userId: string; email: string; now: number }): void {
  const theirs = `user_id = @userId OR (user_id IS NULL AND email = @email)`;
  const intentIds = JSON.stringify(
    db
      .prepare<[typeof props], { id: string }>(
        `SELECT payment_intent_id AS id FROM purchases WHERE ${theirs}`,
      )
      .all(props)
      .map((row) => row.id),
  );
  db.prepare(
    `UPDATE test_payment_intents
     SET email = NULL, name = NULL, metadata = json_remove(metadata, '$.userId'), updated_at = @now
     WHERE id IN (SELECT value FROM json_each(@intentIds))
       OR json_extract(metadata, '$.userId') = @userId`,
  ).run({ ...props, intentIds });
  db.prepare(
    `UPDATE test_payment_intents SET email = NULL, name = NULL, updated_at = @now
     WHERE email = @email`,
  ).run(props);
  db.prepare(
    `UPDATE purchases SET user_id = NULL, email = NULL, account_deleted_at = @now, updated_at = @now
     WHERE ${theirs}`,
  ).run(props);
  db.prepare(`UPDATE purchases SET email = NULL, updated_at = @now WHERE email = @email`).run(
    props,
  );
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
