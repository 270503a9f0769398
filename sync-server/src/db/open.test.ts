import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { open as openFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { inTransaction, sqliteDb, walFlusher } from './database';
import { DB_FILE_NAME, openDatabase, openDataDirDatabase } from './open';

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** What every file handle of node:fs/promises inherits (datasync among it). */
const FileHandlePrototype = await (async () => {
  const handle = await openFile(import.meta.filename, 'r');
  await handle.close();
  return Object.getPrototypeOf(handle) as { datasync(): Promise<void> };
})();

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'besties-open-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('openDatabase', () => {
  it('uses WAL with synchronous FULL, so an answered commit survives a power cut', () => {
    const db = openDatabase(path.join(root, 'x.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    // 2 = FULL (0 OFF, 1 NORMAL, 3 EXTRA)
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });

  it("keeps a transaction's savepoint journal in memory, not in a temporary file", () => {
    const db = openDatabase(path.join(root, 'x.sqlite'));
    // 2 = MEMORY (0 the build's default, a file here; 1 FILE)
    expect(db.pragma('temp_store', { simple: true })).toBe(2);
    db.close();
  });

  it('prepares each SQL text once and answers the same statement, with the data of now', () => {
    const db = openDatabase(path.join(root, 'x.sqlite'));
    db.exec('CREATE TABLE t (x)');
    const count = 'SELECT count(*) AS n FROM t';
    const first = db.prepare(count);
    expect(db.prepare(count)).toBe(first);
    db.prepare('INSERT INTO t VALUES (?)').run(1);
    db.prepare('INSERT INTO t VALUES (?)').run(2);
    expect(db.prepare(count).get()).toEqual({ n: 2 });
    db.close();
  });

  it('begins transactions IMMEDIATE: a write from another process waits its turn, never fails ours', async () => {
    const file = path.join(root, 'x.sqlite');
    const handle = openDatabase(file);
    handle.exec('CREATE TABLE t (x)');
    handle.prepare('INSERT INTO t VALUES (0)').run();
    const ours = sqliteDb(handle) as unknown as Kysely<{ t: { x: number } }>;
    const other = openDatabase(file);
    other.pragma('busy_timeout = 0');
    const bump = () => other.prepare('UPDATE t SET x = x + 1').run();
    // Read, then write what was read; the other connection tries to write in between. Begun
    // DEFERRED, its write would land and ours would then fail with SQLITE_BUSY.
    const meanwhile = await inTransaction(ours as never, async (trx) => {
      const db = trx as unknown as Kysely<{ t: { x: number } }>;
      const { x } = await db.selectFrom('t').select('x').executeTakeFirstOrThrow();
      let seen = 'written';
      try {
        bump();
      } catch (error) {
        seen = (error as { code: string }).code;
      }
      await db
        .updateTable('t')
        .set({ x: x + 10 })
        .execute();
      return seen;
    });
    expect(meanwhile).toBe('SQLITE_BUSY');
    bump();
    expect(handle.prepare('SELECT x FROM t').get()).toEqual({ x: 11 });
    other.close();
    await ours.destroy();
  });

  it('answers a commit only once the WAL is synced, and a write outside a transaction too', async () => {
    const file = path.join(root, 'x.sqlite');
    const handle = openDatabase(file);
    handle.exec('CREATE TABLE t (x)');
    const events: string[] = [];
    let release: () => void = () => {};
    const flush = () => {
      events.push(`sync (rows on file: ${count()})`);
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    };
    const reader = openDatabase(file);
    const count = () => (reader.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n;
    const ours = sqliteDb(handle, { flush }) as unknown as Kysely<{ t: { x: number } }>;
    // SQLite no longer syncs each commit itself: the sync is ours, off the event loop.
    expect(handle.pragma('synchronous', { simple: true })).toBe(1);

    const committed = inTransaction(ours as never, async (trx) => {
      await (trx as unknown as typeof ours).insertInto('t').values({ x: 1 }).execute();
    }).then(() => events.push('answered'));
    await vi.waitFor(() => expect(events).toEqual(['sync (rows on file: 1)']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual(['sync (rows on file: 1)']);
    release();
    await committed;
    expect(events).toEqual(['sync (rows on file: 1)', 'answered']);

    const written = ours
      .insertInto('t')
      .values({ x: 2 })
      .execute()
      .then(() => events.push('answered alone'));
    await vi.waitFor(() => expect(events.at(-1)).toBe('sync (rows on file: 2)'));
    release();
    await written;
    // A read changes nothing: no sync to wait for.
    await ours.selectFrom('t').selectAll().execute();
    expect(events.filter((event) => event.startsWith('sync'))).toHaveLength(2);
    reader.close();
    await ours.destroy();
  });

  it('syncs nothing for a transaction that only read, and syncs a change of the schema', async () => {
    const handle = openDatabase(path.join(root, 'x.sqlite'));
    handle.exec('CREATE TABLE t (x)');
    let syncs = 0;
    const ours = sqliteDb(handle, {
      flush: () => {
        syncs += 1;
        return Promise.resolve();
      },
    }) as unknown as Kysely<{ t: { x: number } }>;
    await inTransaction(ours as never, async (trx) => {
      const db = trx as unknown as typeof ours;
      await db.selectFrom('t').selectAll().execute();
      await sql`select count(*) from t`.execute(db);
    });
    await inTransaction(ours as never, async (trx) => {
      // An update that matches no row is still counted: erring costs a sync, never one owed.
      await (trx as unknown as typeof ours).updateTable('t').set({ x: 1 }).execute();
    });
    expect(syncs).toBe(1);
    await sql`CREATE INDEX t_x ON t (x)`.execute(ours);
    expect(syncs).toBe(2);
    await ours.destroy();
  });

  it('shares one WAL sync among the commits that land while one runs', async () => {
    const file = path.join(root, 'x.sqlite');
    const handle = openDatabase(file);
    handle.exec('CREATE TABLE t (x)');
    const flush = walFlusher(`${file}-wal`);
    const ours = sqliteDb(handle, { flush }) as unknown as Kysely<{ t: { x: number } }>;
    const syncs = vi.spyOn(FileHandlePrototype, 'datasync');
    await Promise.all(
      Array.from({ length: 20 }, (_, x) => ours.insertInto('t').values({ x }).execute()),
    );
    // One for the first write, and the ones that came while it ran share the next (one more,
    // or a few on a slow disk), where a sync each would be 20.
    expect(syncs.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(syncs.mock.calls.length).toBeLessThan(5);
    syncs.mockRestore();
    await ours.destroy();
  });

  it('takes no write lock for a read-only transaction: another connection writes meanwhile, unseen', async () => {
    const file = path.join(root, 'x.sqlite');
    const handle = openDatabase(file);
    handle.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    const ours = sqliteDb(handle) as unknown as Kysely<{ t: { x: number } }>;
    const other = openDatabase(file);
    other.pragma('busy_timeout = 0');
    const seen = await inTransaction(
      ours as never,
      async (trx) => {
        const db = trx as unknown as typeof ours;
        const before = await db.selectFrom('t').select('x').execute();
        other.prepare('INSERT INTO t VALUES (2)').run();
        const after = await db.selectFrom('t').select('x').execute();
        return { before: before.length, after: after.length };
      },
      { readOnly: true },
    );
    expect(seen).toEqual({ before: 1, after: 1 });
    expect(handle.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 2 });
    other.close();
    await ours.destroy();
  });

  it('creates the database and its -wal and -shm files readable by the owner only', () => {
    const file = path.join(root, 'x.sqlite');
    const db = openDatabase(file);
    db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    for (const each of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(each)).toBe(0o600);
    db.close();
  });

  it('tightens a database file an older version left world-readable', () => {
    const file = path.join(root, 'x.sqlite');
    openDatabase(file).close();
    chmodSync(file, 0o644);
    openDatabase(file).close();
    expect(modeOf(file)).toBe(0o600);
  });
});

describe('openDataDirDatabase', () => {
  it('makes DATA_DIR owner-only (0700), created or already there', () => {
    const created = path.join(root, 'new-data');
    openDataDirDatabase(created).close();
    expect(modeOf(created)).toBe(0o700);
    expect(modeOf(path.join(created, DB_FILE_NAME))).toBe(0o600);

    const existing = path.join(root, 'old-data');
    openDataDirDatabase(existing).close();
    chmodSync(existing, 0o755);
    writeFileSync(path.join(existing, 'note'), 'x');
    openDataDirDatabase(existing).close();
    expect(modeOf(existing)).toBe(0o700);
  });
});
