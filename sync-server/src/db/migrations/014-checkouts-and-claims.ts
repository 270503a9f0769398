import type { Engine } from '../database';
import { run, withoutRowid } from './statements';
import type { MigrationDb } from './statements';

/** One PaymentIntent per checkout, and a visitor's purchase claimed by a mailed link. */
export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  await run(db, [
    // The random id the app keeps on a visitor's device for her checkout: reopening it finds
    // her pending purchase (a signed-in user's is found by her user id instead).
    `ALTER TABLE purchases ADD COLUMN checkout_id TEXT`,
    `CREATE INDEX purchases_checkout_id ON purchases (checkout_id) WHERE checkout_id IS NOT NULL`,
    // A test-provider intent can now be canceled (her checkout changed plan), as Stripe's can.
    // SQLite changes a CHECK only by making the table anew.
    `CREATE TABLE test_payment_intents_next (
      id TEXT PRIMARY KEY,
      client_secret TEXT NOT NULL UNIQUE,
      idempotency_key TEXT UNIQUE,
      amount INTEGER NOT NULL,
      currency TEXT NOT NULL,
      metadata TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('requires_payment_method', 'succeeded', 'canceled')),
      email TEXT,
      name TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    `INSERT INTO test_payment_intents_next SELECT id, client_secret, idempotency_key, amount,
      currency, metadata, status, email, name, created_at, updated_at FROM test_payment_intents`,
    `DROP TABLE test_payment_intents`,
    `ALTER TABLE test_payment_intents_next RENAME TO test_payment_intents`,
    // The claim link mailed to the billing email of a visitor's purchase once it is paid (at
    // most one per purchase). Only the token's SHA-256 is kept; it works once, until it
    // expires, and gives the purchase to the signed-in account that opens it.
    `CREATE TABLE purchase_claims (
      token_hash TEXT PRIMARY KEY,
      purchase_id TEXT NOT NULL UNIQUE REFERENCES purchases (id) ON DELETE CASCADE,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      used_at BIGINT,
      used_by TEXT REFERENCES users (id) ON DELETE SET NULL
    )${withoutRowid(engine)}`,
  ]);
}
