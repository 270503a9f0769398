import type { Engine } from '../database';
import { run } from './statements';
import type { MigrationDb } from './statements';

/**
 * Her profile and her devices.
 * users.theme: the theme she chose on her account ('pink', 'light', 'dark'), so a new device
 * starts in it; NULL until she picks one.
 * sessions.public_id: the id her devices list shows and DELETE /api/sessions/{id} takes (never
 * the cookie's secret or its hash); user_agent: as sent at sign-in (trimmed, at most 300
 * characters); last_seen_at: when the session was last used (written at most once a minute).
 */
export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  // 32 random hex digits for each existing session: SQLite's randomblob, PostgreSQL's UUID.
  const randomHex =
    engine === 'sqlite'
      ? 'lower(hex(randomblob(16)))'
      : "replace(CAST(gen_random_uuid() AS TEXT), '-', '')";
  await run(db, [
    `ALTER TABLE users ADD COLUMN theme TEXT CHECK (theme IS NULL OR theme IN ('pink', 'light', 'dark'))`,
    `ALTER TABLE sessions ADD COLUMN public_id TEXT`,
    `ALTER TABLE sessions ADD COLUMN user_agent TEXT`,
    `ALTER TABLE sessions ADD COLUMN last_seen_at BIGINT`,
    `UPDATE sessions SET public_id = ${randomHex}, last_seen_at = created_at`,
    `CREATE UNIQUE INDEX sessions_public_id ON sessions (public_id)`,
  ]);
}
