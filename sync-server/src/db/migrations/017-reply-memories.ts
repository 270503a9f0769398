import { run } from './statements';
import type { MigrationDb } from './statements';

/**
 * A reply remembers which of her memories it drew on, so she can see which: `used_memories`
 * holds their ids as a JSON list, null when it used none (and on every message of hers).
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(db, [`ALTER TABLE messages ADD COLUMN used_memories TEXT`]);
}
