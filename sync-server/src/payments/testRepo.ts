import type { Db } from '../db/database';

/** A PaymentIntent of the built-in test provider. */
export interface TestIntentRow {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  /** JSON object of strings. */
  metadata: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  email: string | null;
}

const COLUMNS = [
  'id',
  'client_secret as clientSecret',
  'amount',
  'currency',
  'metadata',
  'status',
  'email',
] as const;

/**
 * Records a new intent; false when one with its idempotency key is there already (two
 * creates with the same key racing: the first one stays).
 */
export async function insertTestIntent(
  db: Db,
  row: Omit<TestIntentRow, 'status' | 'email'> & { idempotencyKey: string; createdAt: number },
): Promise<boolean> {
  const result = await db
    .insertInto('test_payment_intents')
    .values({
      id: row.id,
      client_secret: row.clientSecret,
      idempotency_key: row.idempotencyKey,
      amount: row.amount,
      currency: row.currency,
      metadata: row.metadata,
      status: 'requires_payment_method',
      created_at: row.createdAt,
      updated_at: row.createdAt,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findTestIntent(db: Db, id: string): Promise<TestIntentRow | undefined> {
  return db
    .selectFrom('test_payment_intents')
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findTestIntentByKey(
  db: Db,
  idempotencyKey: string,
): Promise<TestIntentRow | undefined> {
  return db
    .selectFrom('test_payment_intents')
    .select(COLUMNS)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export async function findTestIntentBySecret(
  db: Db,
  clientSecret: string,
): Promise<TestIntentRow | undefined> {
  return db
    .selectFrom('test_payment_intents')
    .select(COLUMNS)
    .where('client_secret', '=', clientSecret)
    .executeTakeFirst();
}

/** Takes the payment once: false when it had already succeeded (two confirms racing). */
export async function markTestIntentSucceeded(
  db: Db,
  props: { id: string; email: string; name: string | null; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('test_payment_intents')
    .set({ status: 'succeeded', email: props.email, name: props.name, updated_at: props.now })
    .where('id', '=', props.id)
    .where('status', '=', 'requires_payment_method')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Cancels an intent not paid yet (as Stripe does); false when it was paid or canceled. */
export async function cancelTestIntent(
  db: Db,
  props: { id: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('test_payment_intents')
    .set({ status: 'canceled', updated_at: props.now })
    .where('id', '=', props.id)
    .where('status', '=', 'requires_payment_method')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
