import { run } from './statements';
import type { MigrationDb } from './statements';

/**
 * Chats, messages and entitlements.
 * Every chat and message write takes the next number of its user's change sequence, so sync
 * can ask for "changes since N". A deleted chat stays as a tombstone: deleted_at set,
 * a new change_seq, title emptied, and its messages removed.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(db, [
    `CREATE TABLE user_change_seq (
      user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL
    )`,
    `CREATE TABLE chats (
      id TEXT PRIMARY KEY,                -- UUID, usually made by the client
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      persona_id INTEGER NOT NULL,        -- 1..5, shared/personas.ts
      title TEXT NOT NULL DEFAULT '',     -- from the first user message (chatTitleFrom)
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      deleted_at BIGINT,                  -- tombstone
      change_seq INTEGER NOT NULL
    )`,
    `CREATE INDEX chats_user_change_seq ON chats (user_id, change_seq)`,
    `CREATE INDEX chats_user_updated_at ON chats (user_id, updated_at)`,
    // ocr_confidence: DOUBLE PRECISION is SQLite's REAL, and on PostgreSQL not 4-byte `real`.
    `CREATE TABLE messages (
      id TEXT PRIMARY KEY,                -- UUID, usually made by the client
      chat_id TEXT NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
      content TEXT NOT NULL,              -- always the whole text; teasers are cut when presented
      is_crisis INTEGER NOT NULL DEFAULT 0,
      reply_to TEXT REFERENCES messages (id) ON DELETE CASCADE, -- the user message a reply answers
      is_ocr INTEGER NOT NULL DEFAULT 0,
      is_enhanced_ocr INTEGER NOT NULL DEFAULT 0,
      image_url TEXT,
      extracted_text TEXT,
      analysis_type TEXT,
      ocr_analysis TEXT,                  -- JSON
      ocr_structured_data TEXT,           -- JSON
      ocr_confidence DOUBLE PRECISION,
      created_at BIGINT NOT NULL,
      change_seq INTEGER NOT NULL
    )`,
    `CREATE INDEX messages_chat_order ON messages (chat_id, change_seq)`,
    `CREATE INDEX messages_user_change_seq ON messages (user_id, change_seq)`,
    // One reply per user message, also when two retries race.
    `CREATE UNIQUE INDEX messages_one_reply ON messages (reply_to) WHERE reply_to IS NOT NULL`,
    `CREATE TABLE entitlements (
      user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      tier TEXT NOT NULL CHECK (tier IN ('free', 'basic', 'premium', 'vip')),
      expires_at BIGINT,                  -- NULL = never (lifetime); past = free again
      updated_at BIGINT NOT NULL
    )`,
  ]);
}
