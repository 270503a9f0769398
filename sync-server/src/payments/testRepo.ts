import type { LegacyDb as Db } from '../db/open';

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

const COLUMNS = `id, client_secret AS clientSecret, amount, currency, metadata, status, email`;

export function insertTestIntent(
  db: Db,
  row: Omit<TestIntentRow, 'status' | 'email'> & { idempotencyKey: string; createdAt: number },
): void {
  db.prepare(
    `INSERT INTO test_payment_intents (id, client_secret, idempotency_key, amount, currency,
       metadata, status, created_at, updated_at)
     VALUES (@id, @clientSecret, @idempotencyKey, @amount, @currency, @metadata,
       'requires_payment_method', @createdAt, @createdAt)`,
  ).run(row);
}

export function findTestIntent(db: Db, id: string): TestIntentRow | undefined {
  return db
    .prepare<[string], TestIntentRow>(`SELECT ${COLUMNS} FROM test_payment_intents WHERE id = ?`)
    .get(id);
}

export function findTestIntentByKey(db: Db, idempotencyKey: string): TestIntentRow | undefined {
  return db
    .prepare<[string], TestIntentRow>(
      `SELECT ${COLUMNS} FROM test_payment_intents WHERE idempotency_key = ?`,
    )
    .get(idempotencyKey);
}

export function findTestIntentBySecret(db: Db, clientSecret: string): TestIntentRow | undefined {
  return db
    .prepare<[string], TestIntentRow>(
      `SELECT ${COLUMNS} FROM test_payment_intents WHERE client_secret = ?`,
    )
    .get(clientSecret);
}

/** Takes the payment once: false when it had already succeeded (two confirms racing). */
export function markTestIntentSucceeded(
  db: Db,
  props: { id: string; email: string; name: string | null; now: number },
): boolean {
  const result = db
    .prepare(
      `UPDATE test_payment_intents
       SET status = 'succeeded', email = @email, name = @name, updated_at = @now
       WHERE id = @id AND status = 'requires_payment_method'`,
    )
    .run(props);
  return result.changes === 1;
}

/** Cancels an intent not paid yet (as Stripe does); false when it was paid or canceled. */
export function cancelTestIntent(db: Db, props: { id: string; now: number }): boolean {
  const result = db
    .prepare(
      `UPDATE test_payment_intents SET status = 'canceled', updated_at = @now
       WHERE id = @id AND status = 'requires_payment_method'`,
    )
    .run(props);
  return result.changes === 1;
}
