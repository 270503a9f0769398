import { run } from './statements';
import type { MigrationDb } from './statements';

/**
 * Password reset links. Only the SHA-256 of a link's token is stored, so a copy of the
 * database cannot be used to reset anyone's password. Times are milliseconds since the epoch.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(db, [
    `CREATE TABLE password_resets (
      token_hash TEXT PRIMARY KEY,        -- hex SHA-256 of the 32 random bytes sent in the link
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,         -- created_at + 60 minutes
      used_at BIGINT                      -- set once; a used link never works again
    )`,
    `CREATE INDEX password_resets_user_id ON password_resets (user_id)`,
  ]);
}
