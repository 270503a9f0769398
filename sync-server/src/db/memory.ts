import type { Db } from './database';
import { sqliteDb } from './database';
import { migrate } from './migrate';
import { openDatabase } from './open';

/** A migrated SQLite database in memory, for a unit test; `db.destroy()` closes it. */
export async function openMemoryDb(): Promise<Db> {
  const db = sqliteDb(openDatabase(':memory:'));
  await migrate(db);
  return db;
}
