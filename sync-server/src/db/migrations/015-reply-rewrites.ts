import { run } from './statements';
import type { MigrationDb } from './statements';

/**
 * A reply job may write again a reply that is already stored (she asked for a new one):
 * `replaces` names that reply, which keeps its id and place and takes the new text. Null for
 * a first reply.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(db, [`ALTER TABLE reply_jobs ADD COLUMN replaces TEXT`]);
}
