import { run } from './statements';
import type { MigrationDb } from './statements';

/**
 * Account deletion. A deleted account's purchases stay as the law requires (what was
 * paid, when, with which provider) but with no link to her: user_id and email are emptied and
 * account_deleted_at is set, so no later sign-up with her email, and no payment that succeeds
 * after she left, can ever attach them to anyone again.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(db, [`ALTER TABLE purchases ADD COLUMN account_deleted_at BIGINT`]);
}
