import { run } from './statements';
import type { MigrationDb } from './statements';

/**
 * Accounts: users, their sessions, and the rate-limit counters that guard sign-in.
 * Times are milliseconds since the epoch: BIGINT, which PostgreSQL needs for them (INTEGER
 * there is 32 bits) and SQLite reads as INTEGER.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(db, [
    `CREATE TABLE users (
      id TEXT PRIMARY KEY,                -- UUID
      email TEXT NOT NULL UNIQUE,         -- trimmed and lower-cased by the shared schema
      password_hash TEXT NOT NULL,        -- scrypt$N$r$p$salt$hash
      name TEXT,
      profile_image TEXT,
      age_range TEXT,
      location TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    `CREATE TABLE sessions (
      id_hash TEXT PRIMARY KEY,           -- HMAC-SHA256(SESSION_SECRET, session id); the id itself is never stored
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
    `CREATE INDEX sessions_user_id ON sessions (user_id)`,
    `CREATE INDEX sessions_expires_at ON sessions (expires_at)`,
    `CREATE TABLE rate_limits (
      bucket TEXT NOT NULL,               -- e.g. 'login-email', 'register-ip'
      key TEXT NOT NULL,
      window_start BIGINT NOT NULL,
      count INTEGER NOT NULL,
      PRIMARY KEY (bucket, key)
    )`,
  ]);
}
