import { run } from './statements';
import type { MigrationDb } from './statements';

/**
 * A chat's risk state: the newest crisis signal from her side (ms), from which care
 * mode runs for 24 hours. A reply's flags, set from her side only when it is written:
 * help_card (a model's reply carrying crisis help to a message not judged a crisis: shown as
 * the teaser beside the server's own help card, never whole for that reason) and care
 * (written while the chat was in care mode: whole for every plan).
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(db, [
    `ALTER TABLE chats ADD COLUMN last_crisis_at BIGINT`,
    `ALTER TABLE messages ADD COLUMN help_card INTEGER NOT NULL DEFAULT 0`,
    `ALTER TABLE messages ADD COLUMN care INTEGER NOT NULL DEFAULT 0`,
    // Model replies stored as crisis replies only because their text carried help (or a tag)
    // are such replies: the server's own crisis reply always opens with these words.
    `UPDATE messages SET is_crisis = 0, help_card = 1
     WHERE role = 'assistant' AND is_crisis = 1
       AND content NOT LIKE '%I''m really glad you told me, and I''m taking what you said seriously.%'`,
  ]);
}
