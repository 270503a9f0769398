import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';

export type { Db };

export const DB_FILE_NAME = 'besties.sqlite';

/** Opens the SQLite file with the pragmas every connection needs. */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}
