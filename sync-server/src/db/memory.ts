import type { Db } from './database';
import { sqliteDb } from './database';
import { migrate } from './migrate';
import { openDatabase } from './open';
import type { LegacyDb } from './open';

/** A migrated SQLite database in memory, for a unit test; `db.destroy()` closes it. */
export async function openMemoryDb(): Promise<Db> {
  return (await openMemoryDatabases()).db;
}

/**
 * The same, with its better-sqlite3 connection as well (`legacyDb`, one connection under both),
 * for a test of code not yet moved to Kysely during the move; `db.destroy()` closes both.
 */
export async function openMemoryDatabases(): Promise<{ db: Db; legacyDb: LegacyDb }> {
  const legacyDb = openDatabase(':memory:');
  const db = sqliteDb(legacyDb);
  await migrate(db);
  return { db, legacyDb };
}
