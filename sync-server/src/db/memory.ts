import type { Db } from './database';
import { sqliteDb } from './database';
import { migrate } from './migrate';
import { openDatabase } from './open';
import type { SqliteConnection } from './open';

/** A migrated SQLite database in memory, for a unit test; `db.destroy()` closes it. */
export async function openMemoryDb(): Promise<Db> {
  return (await openMemorySqlite()).db;
}

/**
 * The same, with its better-sqlite3 connection (one connection under both), for a test that
 * seeds rows with plain SQL; `db.destroy()` closes both.
 */
export async function openMemorySqlite(): Promise<{ db: Db; sqlite: SqliteConnection }> {
  const sqlite = openDatabase(':memory:');
  const db = sqliteDb(sqlite);
  await migrate(db);
  return { db, sqlite };
}
