import Database from 'better-sqlite3';
import type { Database as BetterDatabase } from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';

/**
 * A connection as openDatabase makes it: `transaction(fn)` answers a function that runs `fn`
 * in a transaction begun IMMEDIATE (a savepoint when nested), and nothing else.
 */
export type LegacyDb = Omit<BetterDatabase, 'transaction'> & {
  transaction<F extends WriteFunction>(fn: F): (...args: ArgumentsOf<F>) => ReturnType<F>;
};
// better-sqlite3's own bounds, so one of its connections (a test's) is a LegacyDb too.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type WriteFunction = (...args: any[]) => unknown;
type ArgumentsOf<F extends WriteFunction> = F extends (...args: infer A) => unknown ? A : never;

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

/** Distinct SQL texts kept prepared per connection (a few have a variable number of `?`). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Makes `db.prepare` answer the statement it prepared before for the same SQL. The repos not
 * yet moved to Kysely, and Kysely itself, prepare their SQL at each call, which compiles it
 * again (tens of microseconds, on every request); a statement is reusable, and none of ours is
 * iterated, so one prepared statement serves every call. A statement's mode (pluck, raw, expand) is shared with it: the few SQL
 * texts read in a mode of their own (the messages columns, the unchanged memo's counters) are
 * read only in that mode. The oldest text goes past the size.
 *
 * A statement whose LIMIT or OFFSET is a bare parameter (a lone `?`) is compiled anew at every
 * run all the same: SQLite plans it with the number bound, and binding one again marks it
 * stale (a compile each time, several times per message sent). The old repos say `LIMIT +?`,
 * a number SQLite reads only as the statement runs; Kysely's `limit ?` is compiled each time.
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
 * Makes every `db.transaction(fn)` begin IMMEDIATE: it takes the write lock as it starts.
 * Ours all read, then write what the read decided (a rate limit's counter, a message's place).
 * Begun DEFERRED, such a transaction holds a snapshot; if another connection (a restore, an
 * ops script, a test's seeding) commits meanwhile, its first write fails at once with
 * SQLITE_BUSY, which no busy timeout waits out, and the request answers 500. IMMEDIATE waits
 * its turn (busy_timeout) and reads what is there then. Within this process nothing changes:
 * better-sqlite3 runs one statement at a time, and a nested call is a savepoint, as before.
 *
 * It runs `fn` as better-sqlite3's own does (the same statements, a savepoint when nested, a
 * promise refused), but makes one function where better-sqlite3's makes four (one per way to
 * begin) and defines five properties on each: ours are made at every write, as they close
 * over its arguments, some six per message sent, and making them slowed every send under load.
 */
function beginImmediate(db: BetterDatabase): void {
  const outer = {
    begin: db.prepare('BEGIN IMMEDIATE'),
    end: db.prepare('COMMIT'),
    undo: db.prepare('ROLLBACK'),
  };
  const nested = {
    begin: db.prepare('SAVEPOINT write'),
    end: db.prepare('RELEASE write'),
    undo: db.prepare('ROLLBACK TO write'),
  };
  const transaction: LegacyDb['transaction'] =
    (fn) =>
    (...args) => {
      const { begin, end, undo } = db.inTransaction ? nested : outer;
      begin.run();
      try {
        const result = fn(...args) as ReturnType<typeof fn>;
        if (typeof (result as { then?: unknown } | null)?.then === 'function') {
          throw new TypeError('Transaction function cannot return a promise');
        }
        end.run();
        return result;
      } catch (error) {
        // A failure SQLite rolled back itself (a full disk) has ended the transaction already.
        if (db.inTransaction) {
          undo.run();
          if (undo === nested.undo) end.run();
        }
        throw error;
      }
    };
  (db as unknown as LegacyDb).transaction = transaction;
}

/**
 * Opens the SQLite file with the pragmas every connection needs: WAL, and synchronous FULL so
 * a commit that was answered also survives a power cut (NORMAL survives only a crash); the
 * temporary files SQLite needs within a transaction kept in memory.
 */
export function openDatabase(file: string): LegacyDb {
  if (!IN_MEMORY.has(file)) makePrivate(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Savepoints journal each page they change (SQLite's sub-journal), one per write of a group
  // commit: kept in memory, not spilled to a temporary file past 64 kB with a write(2) per
  // page (a tenth of a send's time under load went there).
  db.pragma('temp_store = MEMORY');
  cacheStatements(db);
  beginImmediate(db);
  return db;
}

/**
 * Runs `write` with its commit written but not flushed to the disk (synchronous NORMAL), for
 * data whose last few changes may go with a power cut: the rate limiters' counters, written on
 * every send and login. WAL keeps it consistent, a crash of the process loses nothing, and the
 * next FULL commit flushes it too. Inside a transaction it changes nothing: the outer commit
 * decides. The connection is FULL again afterwards, whatever `write` did.
 */
export function withoutFlush<T>(db: LegacyDb, write: () => T): T {
  if (db.inTransaction) return write();
  db.prepare('PRAGMA synchronous = NORMAL').run();
  try {
    return write();
  } finally {
    db.prepare('PRAGMA synchronous = FULL').run();
  }
}

/** Opens DATA_DIR's database, first making DATA_DIR (created if missing) owner-only. */
export function openDataDirDatabase(dataDir: string): LegacyDb {
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  chmodSync(dataDir, DATA_DIR_MODE);
  return openDatabase(path.join(dataDir, DB_FILE_NAME));
}
