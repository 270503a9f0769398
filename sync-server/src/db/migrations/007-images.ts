import type { Engine } from '../database';
import { run, withoutRowid } from './statements';
import type { MigrationDb } from './statements';

/**
 * Uploaded images. The file is DATA_DIR/images/<user_id>/<id>.<format>, a name the
 * server made; the row says whose it is, so only she is ever sent it. An image goes with the
 * chat whose messages use it (chats/service.ts deleteChat) and with her account.
 */
export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  await run(db, [
    `CREATE TABLE images (
      id TEXT PRIMARY KEY,                          -- 22 characters of base64url (16 random bytes)
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      format TEXT NOT NULL CHECK (format IN ('png', 'webp')), -- as re-encoded and stored
      bytes INTEGER NOT NULL,
      width INTEGER NOT NULL,
      height INTEGER NOT NULL,
      created_at BIGINT NOT NULL
    )${withoutRowid(engine)}`,
    `CREATE INDEX images_user_id ON images (user_id)`,
  ]);
}
