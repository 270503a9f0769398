import type { Engine } from '../database';
import { run, withoutRowid } from './statements';
import type { MigrationDb } from './statements';

/**
 * Sync: each pushed mutation is applied once per user; a replay answers from here.
 * `result` is JSON: { status, error?, chatIds, messageIds, tombstoneIds } — the rows are
 * presented afresh on a replay, so teasers follow her current plan.
 */
export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  await run(db, [
    `CREATE TABLE processed_mutations (
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      mutation_id TEXT NOT NULL,
      result TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (user_id, mutation_id)
    )${withoutRowid(engine)}`,
  ]);
}
