import { run } from './statements';
import type { MigrationDb } from './statements';

/**
 * What her besties remember of her (shared/memory.ts). Each write takes the next number of her
 * change sequence, as chats and messages do, so the pull brings it; one she forgets stays as a
 * tombstone (deleted_at set, its words emptied). `source_message_id` is the message it came
 * from: set to null when that message goes (its chat deleted), the memory stays hers.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(db, [
    `CREATE TABLE memories (
      id TEXT PRIMARY KEY,                -- UUID
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('person', 'place', 'event', 'like', 'situation')),
      subject TEXT NOT NULL,
      detail TEXT NOT NULL,
      date TEXT,                          -- YYYY-MM-DD
      persona_id INTEGER,                 -- kept to one bestie; NULL: all of them
      source_message_id TEXT REFERENCES messages (id) ON DELETE SET NULL,
      source_chat_id TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      deleted_at BIGINT,                  -- tombstone
      change_seq INTEGER NOT NULL
    )`,
    `CREATE INDEX memories_user_change_seq ON memories (user_id, change_seq)`,
    `CREATE INDEX memories_source_message ON memories (source_message_id)`,
  ]);
}
