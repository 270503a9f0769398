import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresDriver,
  SqliteDialect,
  SqliteDriver,
  sql,
} from 'kysely';
import type {
  DatabaseConnection,
  Driver,
  TransactionSettings,
  PostgresDialectConfig,
  SqliteDialectConfig,
} from 'kysely';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import pg from 'pg';
import type { SqliteConnection } from './open';
import type { Tables } from './tables';

/**
 * The database as every repo sees it: Kysely over SQLite (better-sqlite3, the default) or
 * PostgreSQL (node-postgres, `DATABASE_URL`). One way of writing each query serves both: the
 * query builder, or `sql` text both engines accept. A transaction is a Db too
 * (`inTransaction`), so a repo function takes a Db and runs inside one or not.
 */
export type Db = Kysely<Tables>;

export type Engine = 'sqlite' | 'postgres';

export function engineOf(db: Db): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Set while a transaction's `write` runs (inTransaction), and cleared as it ends. */
const insideTransaction = new AsyncLocalStorage<{ open: boolean }>();

/**
 * Refuses a query on the database itself from inside a transaction's `write`: on SQLite it
 * would wait for ever for the one connection the transaction holds, on PostgreSQL it would run
 * outside the transaction. It names the fix instead of hanging.
 */
function refuseQueryBesideTransaction(): void {
  if (insideTransaction.getStore()?.open) {
    throw new Error(
      'A query on the database from inside a transaction: inside inTransaction(db, async (trx) => …) ' +
        'use trx (repos get it, services get { ...deps, db: trx }).',
    );
  }
}

/** How long a SQLite query waits for another connection's lock before SQLITE_BUSY. */
export const SQLITE_BUSY_WAIT_MS = 5000;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT';
}

/**
 * A connection whose queries wait for another connection's lock without blocking the event
 * loop: better-sqlite3 is synchronous, so SQLite's own busy timeout would stop the whole
 * process while it waits, the holder of the lock included when it is this process (a test's
 * second connection, a transaction of ours awaiting its next query). A query refused with
 * SQLITE_BUSY ran nothing; it is tried again after a short pause, up to SQLITE_BUSY_WAIT_MS.
 *
 * It notes what must be on the disk before the query answers: a commit that wrote, or a write
 * outside a transaction (one statement, committed by itself). See ImmediateSqliteDriver.
 */
class PatientConnection implements DatabaseConnection {
  /** Set between begin and commit or rollback: the commit, not each write, waits for the disk. */
  inTransaction = false;
  /** Whether the open transaction ran a statement that may have written. */
  wrote = false;
  /** Set by a commit that wrote or a write outside a transaction: a sync is owed before answering. */
  unsynced = false;
  constructor(private readonly inner: DatabaseConnection) {}
  async executeQuery<R>(query: CompiledQuery) {
    const deadline = Date.now() + SQLITE_BUSY_WAIT_MS;
    for (let pause = 1; ; pause = Math.min(pause * 2, 50)) {
      try {
        const result = await this.inner.executeQuery<R>(query);
        if (mayWrite(query)) {
          if (this.inTransaction) this.wrote = true;
          else this.unsynced = true;
        }
        return result;
      } catch (error) {
        if (!isBusy(error) || Date.now() >= deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }
  streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** Statements that change nothing: a read, and a transaction's own bookkeeping. */
const READ_ONLY_SQL = /^\s*(select|savepoint|release|begin|commit|rollback)\b/i;

/**
 * Whether a query may have written: every insert, update and delete (those that match no row
 * too), and any SQL text but a read (DDL included). Erring this way costs a sync, never one owed.
 */
function mayWrite(query: CompiledQuery): boolean {
  if (query.query.kind === 'SelectQueryNode') return false;
  return query.query.kind !== 'RawNode' || !READ_ONLY_SQL.test(query.sql);
}

/**
 * Makes what was committed so far survive a power cut: one fdatasync of the WAL file on
 * libuv's pool, so the event loop goes on serving while the disk works. Commits that land
 * while a sync runs share the next one (a sync that began before a commit may miss it).
 * The file is opened for each sync: SQLite may make the WAL anew (after the last connection
 * closed), and a kept descriptor would then flush the old one.
 */
export function walFlusher(walFile: string): () => Promise<void> {
  const syncOnce = async () => {
    let handle: FileHandle;
    try {
      handle = await open(walFile, 'r');
    } catch (error) {
      // No WAL (nothing written since it was checkpointed away): nothing to flush.
      if ((error as { code?: unknown }).code === 'ENOENT') return;
      throw error;
    }
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  };
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const sync = syncOnce().finally(() => {
      if (running === sync) running = null;
    });
    running = sync;
    return sync;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}

/**
 * SQLite's transactions begin IMMEDIATE: they take the write lock as they start. Ours read,
 * then write what the read decided (a rate limit's counter, a message's place); begun
 * DEFERRED, another connection's commit in between (a restore, an ops script) fails the first
 * write at once with SQLITE_BUSY, which no waiting undoes. IMMEDIATE waits its turn.
 *
 * A commit answers once it is on the disk (walFlusher): SQLite commits without syncing
 * (synchronous NORMAL), the connection goes back to the next query, and the WAL is synced off
 * the event loop, shared by the commits of the moment. Synced by SQLite itself (FULL), each
 * commit stopped the whole process while the disk flushed (ARCHITECTURE.md, "Performance").
 */
class ImmediateSqliteDriver extends SqliteDriver {
  /** Kysely's SQLite driver has one connection, lent to one query or transaction at a time. */
  #patient: PatientConnection | undefined;
  readonly #flush: () => Promise<void>;
  constructor(config: SqliteDialectConfig, flush: () => Promise<void>) {
    super(config);
    this.#flush = flush;
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    refuseQueryBesideTransaction();
    const connection = await super.acquireConnection();
    this.#patient ??= new PatientConnection(connection);
    return this.#patient;
  }
  override async beginTransaction(
    connection: DatabaseConnection,
    settings?: TransactionSettings,
  ): Promise<void> {
    // A transaction that only reads takes no write lock: it sees one state of the data all
    // the same (SQLite's snapshot of the WAL), and writers in other connections go on.
    const begin = settings?.accessMode === 'read only' ? 'begin deferred' : 'begin immediate';
    await connection.executeQuery(CompiledQuery.raw(begin));
    const patient = connection as PatientConnection;
    patient.inTransaction = true;
    patient.wrote = false;
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const patient = connection as PatientConnection;
    patient.inTransaction = false;
    await connection.executeQuery(CompiledQuery.raw('commit'));
    // A transaction that only read (a pull's consistent page) has nothing to sync.
    patient.unsynced = patient.wrote;
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as PatientConnection).inTransaction = false;
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  /** Lends the connection to the next query first, then waits for the disk if a sync is owed. */
  override async releaseConnection(): Promise<void> {
    const owed = this.#patient?.unsynced ?? false;
    if (this.#patient) this.#patient.unsynced = false;
    await super.releaseConnection();
    if (owed) await this.#flush();
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #flush: () => Promise<void>;
  constructor(config: SqliteDialectConfig, flush: () => Promise<void>) {
    super(config);
    this.#config = config;
    this.#flush = flush;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#flush);
  }
}

const nothingToFlush = () => Promise.resolve();

/**
 * Kysely over an open better-sqlite3 connection (db/open.ts sets its pragmas). Kysely runs one
 * query or transaction at a time on it, and waits for other connections' locks without
 * blocking (its busy timeout is set to 0 here); destroying the Db closes the connection. On a
 * file, a write answers once it is on the disk, synced off the event loop (walFlusher);
 * `flush` replaces that sync (a test's probe).
 */
export function sqliteDb(
  handle: SqliteConnection,
  options: { flush?: () => Promise<void> } = {},
): Db {
  handle.prepare('PRAGMA busy_timeout = 0').all([]);
  let flush = options.flush ?? nothingToFlush;
  if (!handle.memory && !handle.readonly) {
    handle.pragma('synchronous = NORMAL');
    flush = options.flush ?? walFlusher(`${handle.name}-wal`);
  }
  return new Kysely<Tables>({ dialect: new ImmediateSqliteDialect({ database: handle }, flush) });
}

class GuardedPostgresDriver extends PostgresDriver {
  override acquireConnection(): Promise<DatabaseConnection> {
    refuseQueryBesideTransaction();
    return super.acquireConnection();
  }
}

class GuardedPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new GuardedPostgresDriver(this.#config);
  }
}

/** PostgreSQL's type ids whose text pg would hand over as a string. */
const INT8 = 20;
const NUMERIC = 1700;

/**
 * Kysely over a pool of PostgreSQL connections. Our numbers (milliseconds, byte counts, sums)
 * fit a double, so BIGINT and NUMERIC come back as numbers, as they do from SQLite.
 */
export function postgresDb(url: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // A server that does not answer (a host gone, packets dropped) fails the query after this
    // instead of holding the request: 503, see isDatabaseUnavailable.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8 || oid === NUMERIC
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A connection the server ended (a restart, a failover) emits 'error': when idle, through
  // the pool, which drops it; when in use, on the client itself, whose query fails with that
  // error (and the pool drops it as it comes back). Unheard, either event would end the
  // process; the next query opens a new connection.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return new Kysely<Tables>({ dialect: new GuardedPostgresDialect({ pool }) });
}

const CONNECT_TIMEOUT_MS = 10_000;

/** What a client says when the server cannot be reached or went away. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now (starting or stopping),
  // too_many_connections.
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended)/;

/**
 * Whether `error` says the database could not be reached (PostgreSQL down, restarting,
 * unreachable, out of connections) rather than that a query was wrong: the HTTP layer answers
 * it with 503 ("try again shortly"), not 500. The pool reconnects by itself once the server
 * is back. Never true on SQLite: its file is in the process.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) {
    return true;
  }
  if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
  // Node's connect to several addresses (localhost: ::1 and 127.0.0.1) fails with all of them.
  return Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable);
}

/**
 * What went wrong reaching the database, in words: the error's message, or its parts' (Node
 * reports a refused connection to each of localhost's addresses as one AggregateError with no
 * message of its own).
 */
export function databaseErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message) return error.message;
  const parts = (error as { errors?: unknown }).errors;
  return Array.isArray(parts) && parts.length > 0
    ? [...new Set(parts.map(databaseErrorText))].join('; ')
    : error.name;
}

/** What to run once a transaction has committed (a live-sync poke), by transaction. */
const committedHooks = new WeakMap<Db, Array<() => void>>();

/** PostgreSQL's "could not serialize access" and "deadlock detected": try the whole again. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 12;

/**
 * A random wait before the next attempt, up to 2^attempt ms (at most 200 ms): transactions
 * that collided once would collide again if they all came straight back.
 */
function backOff(attempt: number): Promise<void> {
  const ms = Math.random() * Math.min(200, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isRetryable(error: unknown): boolean {
  return RETRYABLE.has((error as { code?: unknown } | null)?.code as string);
}

/**
 * Runs `write` in one transaction and answers what it answered. On PostgreSQL the transaction
 * is SERIALIZABLE and tried again (up to 12 times, after a random pause that grows) when
 * PostgreSQL could not serialize it,
 * so a read-then-write is as safe as on SQLite, where one writer runs at a time: `write` must
 * do nothing outside the database but through `afterCommit`. `readOnly`: `write` only reads,
 * and sees one state of the data (REPEATABLE READ on PostgreSQL; no write lock on SQLite).
 * `lockedRows`: `write` first locks the row its writers take turns on (her change counter,
 * `lockHerChanges`; the claimed jobs, FOR UPDATE), so READ COMMITTED is enough on PostgreSQL,
 * without SERIALIZABLE's failures between it and the writers that only add rows beside it.
 * Called with a transaction, it runs `write` in a savepoint of it: a failure undoes only what
 * `write` did.
 */
export async function inTransaction<T>(
  db: Db,
  write: (trx: Db) => Promise<T>,
  options: { readOnly?: boolean; lockedRows?: boolean } = {},
): Promise<T> {
  if (db.isTransaction) return inSavepoint(db, write);
  const postgres = engineOf(db) === 'postgres';
  for (let attempt = 1; ; attempt += 1) {
    const hooks: Array<() => void> = [];
    let open: Db | undefined;
    try {
      let begun = db.transaction();
      if (options.readOnly) begun = begun.setAccessMode('read only');
      // Reads alone need one snapshot, not SERIALIZABLE's predicate locks, which would also
      // count against the writers running beside them.
      if (postgres) {
        begun = begun.setIsolationLevel(
          options.readOnly
            ? 'repeatable read'
            : options.lockedRows
              ? 'read committed'
              : 'serializable',
        );
      }
      const result = await begun.execute((trx) => {
        open = trx;
        committedHooks.set(trx, hooks);
        const scope = { open: true };
        return insideTransaction.run(scope, () =>
          write(trx).finally(() => {
            scope.open = false;
          }),
        );
      });
      // Over: a hook added from now on (through a transaction kept past its end) runs at once.
      committedHooks.delete(open!);
      for (const hook of hooks) hook();
      return result;
    } catch (error) {
      if (open) committedHooks.delete(open);
      if (attempt < MAX_ATTEMPTS && isRetryable(error)) {
        await backOff(attempt);
        continue;
      }
      throw error;
    }
  }
}

async function inSavepoint<T>(trx: Db, write: (trx: Db) => Promise<T>): Promise<T> {
  const hooks = committedHooks.get(trx);
  const hooksBefore = hooks?.length ?? 0;
  await sql`savepoint nested_write`.execute(trx);
  try {
    const result = await write(trx);
    await sql`release savepoint nested_write`.execute(trx);
    return result;
  } catch (error) {
    await sql`rollback to savepoint nested_write`.execute(trx);
    await sql`release savepoint nested_write`.execute(trx);
    hooks?.splice(hooksBefore);
    throw error;
  }
}

/**
 * Runs `hook` once the transaction `db` is in has committed (at once outside one); a rolled
 * back transaction never runs it.
 */
export function afterCommit(db: Db, hook: () => void): void {
  const hooks = committedHooks.get(db);
  if (hooks) hooks.push(hook);
  else hook();
}
