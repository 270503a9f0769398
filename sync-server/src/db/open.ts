import Database from 'better-sqlite3';
import type { Database as BetterDatabase } from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';

/** A better-sqlite3 connection as openDatabase makes it (Kysely runs our queries on it). */
export type SqliteConnection = BetterDatabase;

export const DB_FILE_NAME = 'besties.sqlite';

/** Owner-only: DATA_DIR holds the database, the session secret, her images and mail. */
export const DATA_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const IN_MEMORY = new Set([':memory:', '']);

/**
 * Makes the file owner-only before SQLite opens it: SQLite gives the -wal and -shm files the
 * database file's permissions, so they are born 0600 too. Files left wider by an older version
 * are tightened.
 */
function makePrivate(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const each of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(each)) chmodSync(each, PRIVATE_FILE_MODE);
  }
}

/** Distinct SQL texts kept prepared per connection. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Makes `db.prepare` answer the statement it prepared before for the same SQL. Kysely prepares
 * each query's SQL at every run, which compiles it again; a statement is reusable, and Kysely
 * never iterates one of ours, so one prepared statement serves every run. The oldest text goes
 * past the size. ARCHITECTURE.md ("Performance") names what it buys.
 */
function cacheStatements(db: BetterDatabase): void {
  const prepare = db.prepare.bind(db);
  const prepared = new Map<string, ReturnType<typeof prepare>>();
  db.prepare = ((sql: string) => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = prepare(sql);
      if (prepared.size >= STATEMENT_CACHE_SIZE) prepared.delete(prepared.keys().next().value!);
      prepared.set(sql, statement);
    }
    return statement;
  }) as BetterDatabase['prepare'];
}

/**
 * Opens the SQLite file with the pragmas every connection needs: WAL, and synchronous FULL so
 * a commit that was answered also survives a power cut (NORMAL survives only a crash); the
 * temporary files SQLite needs within a transaction kept in memory. The server's Db keeps that
 * promise its own way, without SQLite's blocking sync (database.ts sqliteDb).
 */
export function openDatabase(file: string): SqliteConnection {
  if (!IN_MEMORY.has(file)) makePrivate(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Savepoints journal each page they change (SQLite's sub-journal): kept in memory, not
  // spilled to a temporary file past 64 kB with a write(2) per page.
  db.pragma('temp_store = MEMORY');
  cacheStatements(db);
  return db;
}

/** Makes DATA_DIR (created if missing) owner-only: it holds her images and the secrets. */
export function makeDataDirPrivate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  chmodSync(dataDir, DATA_DIR_MODE);
}

/** Opens DATA_DIR's database, first making DATA_DIR (created if missing) owner-only. */
export function openDataDirDatabase(dataDir: string): SqliteConnection {
  makeDataDirPrivate(dataDir);
  return openDatabase(path.join(dataDir, DB_FILE_NAME));
}
