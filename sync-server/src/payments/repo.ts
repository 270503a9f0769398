import { randomBytes } from 'node:crypto';
import { afterCommit } from '../db/database';
import type { Db } from '../db/database';
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

const COLUMNS = [
  'id',
  'payment_intent_id as paymentIntentId',
  'provider',
  'plan_id as planId',
  'amount',
  'currency',
  'user_id as userId',
  'email',
  'status',
  'created_at as createdAt',
  'updated_at as updatedAt',
  'fulfilled_at as fulfilledAt',
  'revoked_at as revokedAt',
  'account_deleted_at as accountDeletedAt',
] as const;

let lastIdMs = 0;
let idCounter = 0;

/**
 * A new purchase's id: a UUID (version 7) that sorts after every id this process made before,
 * so `id` orders purchases made in the same millisecond (a test's clock, or two opens of one
 * checkout) by when they were made, on SQLite and PostgreSQL alike. Its first 48 bits are the
 * time, the next 12 a counter within that millisecond, the rest random.
 */
export function newPurchaseId(): string {
  let ms = Date.now();
  if (ms > lastIdMs) {
    lastIdMs = ms;
    idCounter = 0;
  } else {
    ms = lastIdMs;
    idCounter += 1;
    if (idCounter > 0xfff) {
      lastIdMs = ms = lastIdMs + 1;
      idCounter = 0;
    }
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (idCounter >> 8);
  bytes[7] = idCounter & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function insertPurchase(
  db: Db,
  row: Pick<
    PurchaseRow,
    'id' | 'paymentIntentId' | 'provider' | 'planId' | 'amount' | 'currency' | 'userId'
  > & { checkoutId: string | null; createdAt: number },
): Promise<void> {
  await db
    .insertInto('purchases')
    .values({
      id: row.id,
      payment_intent_id: row.paymentIntentId,
      provider: row.provider,
      plan_id: row.planId,
      amount: row.amount,
      currency: row.currency,
      user_id: row.userId,
      checkout_id: row.checkoutId,
      status: 'pending',
      created_at: row.createdAt,
      updated_at: row.createdAt,
    })
    .execute();
}

/**
 * Her checkout's newest purchase still pending: a signed-in user's by her user id, a visitor's
 * by the checkout id her device keeps (and only one no account has since). Of two made in the
 * same millisecond, the later one (ids sort by when they were made: newPurchaseId).
 */
export async function findOpenCheckout(
  db: Db,
  props: { provider: string } & ({ userId: string } | { checkoutId: string }),
): Promise<PurchaseRow | undefined> {
  let query = db
    .selectFrom('purchases')
    .select(COLUMNS)
    .where('provider', '=', props.provider as PurchaseRow['provider'])
    .where('status', '=', 'pending')
    .where('account_deleted_at', 'is', null);
  query =
    'userId' in props
      ? query.where('user_id', '=', props.userId)
      : query.where('user_id', 'is', null).where('checkout_id', '=', props.checkoutId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function findPurchase(db: Db, id: string): Promise<PurchaseRow | undefined> {
  return db.selectFrom('purchases').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findPurchaseByIntent(
  db: Db,
  paymentIntentId: string,
): Promise<PurchaseRow | undefined> {
  return db
    .selectFrom('purchases')
    .select(COLUMNS)
    .where('payment_intent_id', '=', paymentIntentId)
    .executeTakeFirst();
}

/**
 * The check-and-set of fulfilment: only a pending purchase becomes succeeded, in one
 * conditional UPDATE, so however many verifies and webhooks race (in any process), one of them
 * wins. False when it was not pending.
 */
export async function markSucceeded(
  db: Db,
  props: { paymentIntentId: string; email: string | null; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('purchases')
    .set((eb) => ({
      status: 'succeeded',
      email: eb
        .case()
        .when('account_deleted_at', 'is', null)
        .then(eb.fn.coalesce(eb.val(props.email), eb.ref('email')))
        .end(),
      fulfilled_at: props.now,
      updated_at: props.now,
    }))
    .where('payment_intent_id', '=', props.paymentIntentId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows) === 1;
  if (changed) await accountChanged(db, props.paymentIntentId);
  return changed;
}

/**
 * Her plan follows her purchases: her devices fetch her account again (live sync), once the
 * write's transaction has committed.
 */
async function accountChanged(db: Db, paymentIntentId: string): Promise<void> {
  const row = await db
    .selectFrom('purchases')
    .select('user_id as userId')
    .where('payment_intent_id', '=', paymentIntentId)
    .executeTakeFirst();
  const userId = row?.userId;
  if (userId) afterCommit(db, () => changeFeed(db).changed(userId, 'account'));
}

/**
 * Takes a purchase back (refund or dispute). A pending one is revoked too, so a success that
 * arrives after its refund never fulfils it. False when it was already revoked.
 */
export async function markRevoked(
  db: Db,
  props: { paymentIntentId: string; status: 'refunded' | 'disputed'; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('purchases')
    .set({ status: props.status, revoked_at: props.now, updated_at: props.now })
    .where('payment_intent_id', '=', props.paymentIntentId)
    .where('status', 'in', ['pending', 'succeeded'])
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows) === 1;
  if (changed) await accountChanged(db, props.paymentIntentId);
  return changed;
}

/**
 * Gives back a purchase a refund or dispute took (the refund failed, the dispute was won): as
 * it was, so its period counts from when it was first fulfilled again. One taken back before it
 * was ever fulfilled goes back to pending, for its success to fulfil. False when it was not
 * taken back that way.
 */
export async function markRestored(
  db: Db,
  props: { paymentIntentId: string; from: 'refunded' | 'disputed'; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('purchases')
    .set((eb) => ({
      status: eb
        .case()
        .when('fulfilled_at', 'is', null)
        .then('pending' as PurchaseStatusRow)
        .else('succeeded' as PurchaseStatusRow)
        .end(),
      revoked_at: null,
      updated_at: props.now,
    }))
    .where('payment_intent_id', '=', props.paymentIntentId)
    .where('status', '=', props.from)
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows) === 1;
  if (changed) await accountChanged(db, props.paymentIntentId);
  return changed;
}

/** The test provider's metadata (a JSON object) without `userId`; null when it has none. */
function withoutUserId(metadata: string): { userId: unknown; rest: string } | null {
  let value: unknown;
  try {
    value = JSON.parse(metadata);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  if (!('userId' in value)) return null;
  const { userId, ...rest } = value as Record<string, unknown>;
  return { userId, rest: JSON.stringify(rest) };
}

/**
 * Her account is being deleted. Her purchases (hers, or a visitor's paid with her email) keep
 * what the law needs and lose every link to her for good (account_deleted_at); her email goes
 * from anyone else's purchase too. The test provider's intents lose her billing email and name
 * and her user id in their metadata. Call inside the deletion's transaction.
 */
export async function forgetBuyer(
  db: Db,
  props: { userId: string; email: string; now: number },
): Promise<void> {
  const theirs = db
    .selectFrom('purchases')
    .select('payment_intent_id as id')
    .where((eb) =>
      eb.or([
        eb('user_id', '=', props.userId),
        eb.and([eb('user_id', 'is', null), eb('email', '=', props.email)]),
      ]),
    );
  const intentIds = new Set((await theirs.execute()).map((row) => row.id));
  // The intents of her purchases, and any whose metadata names her (an intent made for her
  // whose purchase row was never written): the metadata is read here, not with an engine's
  // JSON functions, and LIKE only narrows the rows to read.
  const candidates = await db
    .selectFrom('test_payment_intents')
    .select(['id', 'metadata'])
    .where((eb) => {
      const named = eb('metadata', 'like', `%${props.userId}%`);
      return intentIds.size > 0 ? eb.or([eb('id', 'in', [...intentIds]), named]) : named;
    })
    .execute();
  for (const intent of candidates) {
    const parsed = withoutUserId(intent.metadata);
    const namesHer = parsed?.userId === props.userId;
    if (!intentIds.has(intent.id) && !namesHer) continue;
    await db
      .updateTable('test_payment_intents')
      .set({
        email: null,
        name: null,
        metadata: parsed ? parsed.rest : intent.metadata,
        updated_at: props.now,
      })
      .where('id', '=', intent.id)
      .execute();
  }
  await db
    .updateTable('test_payment_intents')
    .set({ email: null, name: null, updated_at: props.now })
    .where('email', '=', props.email)
    .execute();
  await db
    .updateTable('purchases')
    .set({ user_id: null, email: null, account_deleted_at: props.now, updated_at: props.now })
    .where((eb) =>
      eb.or([
        eb('user_id', '=', props.userId),
        eb.and([eb('user_id', 'is', null), eb('email', '=', props.email)]),
      ]),
    )
    .execute();
  await db
    .updateTable('purchases')
    .set({ email: null, updated_at: props.now })
    .where('email', '=', props.email)
    .execute();
}

/**
 * Her purchases that were paid (whatever came after), newest first; of two at the same
 * millisecond, the one made later (newPurchaseId).
 */
export async function paidPurchasesOf(db: Db, userId: string): Promise<PurchaseRow[]> {
  return db
    .selectFrom('purchases')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('status', '<>', 'pending')
    .orderBy((eb) => eb.fn.coalesce('fulfilled_at', 'created_at'), 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Records a webhook event as handled; false when it already was. */
export async function recordEvent(
  db: Db,
  props: { id: string; type: string; now: number },
): Promise<boolean> {
  const result = await db
    .insertInto('payment_events')
    .values({ id: props.id, type: props.type, received_at: props.now })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function isEventRecorded(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_events')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
