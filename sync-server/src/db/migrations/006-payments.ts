import type { Engine } from '../database';
import { run, withoutRowid } from './statements';
import type { MigrationDb } from './statements';

/**
 * Payments. One row per PaymentIntent we made; what she has is worked out from her
 * fulfilled, non-revoked purchases (entitlements/service.ts), never stored as a tier.
 * Fulfilment is once per PaymentIntent: a pending row becomes succeeded in one UPDATE ... WHERE
 * status = 'pending', and a refund or dispute that comes first leaves it revoked for good.
 */
export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  await run(db, [
    `CREATE TABLE purchases (
      id TEXT PRIMARY KEY,                          -- UUID; also the intent's idempotency key
      payment_intent_id TEXT NOT NULL UNIQUE,
      provider TEXT NOT NULL CHECK (provider IN ('stripe', 'test')),
      plan_id TEXT NOT NULL,                        -- shared/plans.ts
      amount INTEGER NOT NULL,                      -- cents, from the catalogue
      currency TEXT NOT NULL,
      user_id TEXT REFERENCES users (id) ON DELETE SET NULL, -- NULL: a visitor's, until she signs up
      email TEXT,                                   -- billing email, lower-cased; known at fulfilment
      status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'refunded', 'disputed')),
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      fulfilled_at BIGINT,                          -- when it first counted; orders the replay
      revoked_at BIGINT                             -- refunded or disputed
    )`,
    `CREATE INDEX purchases_user_id ON purchases (user_id)`,
    `CREATE INDEX purchases_email ON purchases (email)`,
    // Webhook events already handled (Stripe delivers at least once).
    `CREATE TABLE payment_events (
      id TEXT PRIMARY KEY,                          -- evt_...
      type TEXT NOT NULL,
      received_at BIGINT NOT NULL
    )${withoutRowid(engine)}`,
    // The built-in test provider's PaymentIntents (used only when no Stripe keys are set).
    `CREATE TABLE test_payment_intents (
      id TEXT PRIMARY KEY,                          -- pi_test_<random>
      client_secret TEXT NOT NULL UNIQUE,           -- <id>_secret_<random>
      idempotency_key TEXT UNIQUE,
      amount INTEGER NOT NULL,
      currency TEXT NOT NULL,
      metadata TEXT NOT NULL,                       -- JSON object of strings
      status TEXT NOT NULL CHECK (status IN ('requires_payment_method', 'succeeded')),
      email TEXT,
      name TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    // The tier her replies were last presented for (set when a payment changes it), so a pull
    // after her plan ran out sends the replies again as teasers.
    `CREATE TABLE presented_tiers (
      user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      tier TEXT NOT NULL CHECK (tier IN ('free', 'basic', 'premium', 'vip')),
      updated_at BIGINT NOT NULL
    )`,
  ]);
}
