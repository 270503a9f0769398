import type { Engine } from '../database';
import { run, withoutRowid } from './statements';
import type { MigrationDb } from './statements';

/** The UTF-8 bytes a message row keeps, as `row` (NEW or OLD) has it. */
const messageBytes = (row: string) =>
  `octet_length(${row}.content) + COALESCE(octet_length(${row}.extracted_text), 0)
    + COALESCE(octet_length(${row}.ocr_analysis), 0)
    + COALESCE(octet_length(${row}.ocr_structured_data), 0)`;

/**
 * Bounded reads of long chats, and a storage quota per user.
 *
 * users.storage_bytes: the bytes she keeps with us, kept up to date by the triggers below on
 * every insert and delete (so a send checks her quota with one row read, never a SUM of her
 * history): the UTF-8 text of every message in her chats (hers and her besties' replies, with
 * the screenshot text and analyses on them), her stored screenshot files (images.bytes) and
 * her current profile picture. Deleting a chat deletes its messages and images, which frees
 * their bytes here. The triggers do the same on both engines; SQLite writes a trigger's body
 * in place, PostgreSQL calls a PL/pgSQL function.
 */
export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  await run(db, [`ALTER TABLE users ADD COLUMN storage_bytes BIGINT NOT NULL DEFAULT 0`]);
  await run(db, engine === 'sqlite' ? sqliteTriggers : postgresTriggers);
  await run(db, [
    // The size of each profile picture file written (users/profileImage.ts). Only the one her
    // row points at counts: when users.profile_image changes, her storage moves from the old
    // picture's bytes to the new one's, and the rows of pictures she no longer has go.
    `CREATE TABLE profile_image_files (
      url TEXT PRIMARY KEY,                         -- /api/user/profile-image/{id}
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      bytes INTEGER NOT NULL,
      created_at BIGINT NOT NULL
    )${withoutRowid(engine)}`,
    `CREATE INDEX profile_image_files_user_id ON profile_image_files (user_id)`,
  ]);
  await run(db, engine === 'sqlite' ? sqliteProfileImageTrigger : postgresProfileImageTrigger);
  await run(db, [
    // What she already keeps. Pictures from before this migration have no recorded size and
    // count 0 until she replaces them (a 256 px WebP thumbnail, a few kilobytes).
    `UPDATE users SET storage_bytes =
      (SELECT COALESCE(SUM(octet_length(content) + COALESCE(octet_length(extracted_text), 0)
          + COALESCE(octet_length(ocr_analysis), 0)
          + COALESCE(octet_length(ocr_structured_data), 0)), 0)
       FROM messages WHERE messages.user_id = users.id)
      + (SELECT COALESCE(SUM(bytes), 0) FROM images WHERE images.user_id = users.id)`,
    // A reply reads the text of the chat's newest screenshots only (chats/reply.ts): this index
    // finds them without walking every message of a long chat.
    `CREATE INDEX messages_chat_screenshots ON messages (chat_id, chat_seq)
     WHERE extracted_text IS NOT NULL`,
  ]);
}

const sqliteTriggers = [
  `CREATE TRIGGER messages_storage_insert AFTER INSERT ON messages BEGIN
    UPDATE users SET storage_bytes = storage_bytes + ${messageBytes('NEW')}
    WHERE id = NEW.user_id;
  END`,
  `CREATE TRIGGER messages_storage_delete AFTER DELETE ON messages BEGIN
    UPDATE users SET storage_bytes = storage_bytes - (${messageBytes('OLD')})
    WHERE id = OLD.user_id;
  END`,
  // Messages are never edited today; should one be, its bytes follow.
  `CREATE TRIGGER messages_storage_update
  AFTER UPDATE OF content, extracted_text, ocr_analysis, ocr_structured_data ON messages BEGIN
    UPDATE users SET storage_bytes = storage_bytes - (${messageBytes('OLD')})
      + ${messageBytes('NEW')}
    WHERE id = NEW.user_id;
  END`,
  `CREATE TRIGGER images_storage_insert AFTER INSERT ON images BEGIN
    UPDATE users SET storage_bytes = storage_bytes + NEW.bytes WHERE id = NEW.user_id;
  END`,
  `CREATE TRIGGER images_storage_delete AFTER DELETE ON images BEGIN
    UPDATE users SET storage_bytes = storage_bytes - OLD.bytes WHERE id = OLD.user_id;
  END`,
];

const postgresTriggers = [
  `CREATE FUNCTION messages_storage() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      UPDATE users SET storage_bytes = storage_bytes + ${messageBytes('NEW')}
      WHERE id = NEW.user_id;
    ELSIF TG_OP = 'DELETE' THEN
      UPDATE users SET storage_bytes = storage_bytes - (${messageBytes('OLD')})
      WHERE id = OLD.user_id;
    ELSE
      UPDATE users SET storage_bytes = storage_bytes - (${messageBytes('OLD')})
        + ${messageBytes('NEW')}
      WHERE id = NEW.user_id;
    END IF;
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER messages_storage_insert AFTER INSERT ON messages
    FOR EACH ROW EXECUTE FUNCTION messages_storage()`,
  `CREATE TRIGGER messages_storage_delete AFTER DELETE ON messages
    FOR EACH ROW EXECUTE FUNCTION messages_storage()`,
  // Messages are never edited today; should one be, its bytes follow.
  `CREATE TRIGGER messages_storage_update
    AFTER UPDATE OF content, extracted_text, ocr_analysis, ocr_structured_data ON messages
    FOR EACH ROW EXECUTE FUNCTION messages_storage()`,
  `CREATE FUNCTION images_storage() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      UPDATE users SET storage_bytes = storage_bytes + NEW.bytes WHERE id = NEW.user_id;
    ELSE
      UPDATE users SET storage_bytes = storage_bytes - OLD.bytes WHERE id = OLD.user_id;
    END IF;
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER images_storage_insert AFTER INSERT ON images
    FOR EACH ROW EXECUTE FUNCTION images_storage()`,
  `CREATE TRIGGER images_storage_delete AFTER DELETE ON images
    FOR EACH ROW EXECUTE FUNCTION images_storage()`,
];

const sqliteProfileImageTrigger = [
  `CREATE TRIGGER users_profile_image_storage
  AFTER UPDATE OF profile_image ON users
  WHEN OLD.profile_image IS NOT NEW.profile_image BEGIN
    UPDATE users SET storage_bytes = storage_bytes
      + COALESCE((SELECT bytes FROM profile_image_files WHERE url = NEW.profile_image), 0)
      - COALESCE((SELECT bytes FROM profile_image_files WHERE url = OLD.profile_image), 0)
    WHERE id = NEW.id;
    DELETE FROM profile_image_files
    WHERE user_id = NEW.id AND url IS NOT NEW.profile_image AND url = OLD.profile_image;
  END`,
];

const postgresProfileImageTrigger = [
  `CREATE FUNCTION users_profile_image_storage() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE users SET storage_bytes = storage_bytes
      + COALESCE((SELECT bytes FROM profile_image_files WHERE url = NEW.profile_image), 0)
      - COALESCE((SELECT bytes FROM profile_image_files WHERE url = OLD.profile_image), 0)
    WHERE id = NEW.id;
    DELETE FROM profile_image_files
    WHERE user_id = NEW.id AND url IS DISTINCT FROM NEW.profile_image
      AND url = OLD.profile_image;
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER users_profile_image_storage
    AFTER UPDATE OF profile_image ON users
    FOR EACH ROW WHEN (OLD.profile_image IS DISTINCT FROM NEW.profile_image)
    EXECUTE FUNCTION users_profile_image_storage()`,
];
