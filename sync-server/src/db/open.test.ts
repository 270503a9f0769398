import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DB_FILE_NAME, openDatabase, openDataDirDatabase, withoutFlush } from './open';

const modeOf = (file: string) => statSync(file).mode & 0o777;

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

  it('begins transactions IMMEDIATE: a write from another process waits its turn, never fails ours', () => {
    const file = path.join(root, 'x.sqlite');
    const ours = openDatabase(file);
    ours.exec('CREATE TABLE t (x)');
    ours.prepare('INSERT INTO t VALUES (0)').run();
    const other = openDatabase(file);
    other.pragma('busy_timeout = 0');
    const bump = () => other.prepare('UPDATE t SET x = x + 1').run();
    // Read, then write what was read; the other connection tries to write in between. Begun
    // DEFERRED, its write would land and ours would then fail with SQLITE_BUSY.
    const readThenWrite = ours.transaction(() => {
      const { x } = ours.prepare<[], { x: number }>('SELECT x FROM t').get()!;
      let meanwhile = 'written';
      try {
        bump();
      } catch (error) {
        meanwhile = (error as { code: string }).code;
      }
      ours.prepare('UPDATE t SET x = ?').run(x + 10);
      return meanwhile;
    });
    expect(readThenWrite()).toBe('SQLITE_BUSY');
    bump();
    expect(ours.prepare('SELECT x FROM t').get()).toEqual({ x: 11 });
    other.close();
    ours.close();
  });

  it('runs a transaction with its arguments and answer; a nested one that throws is undone alone', () => {
    const db = openDatabase(path.join(root, 'x.sqlite'));
    db.exec('CREATE TABLE t (x)');
    const insert = (x: number) => db.prepare('INSERT INTO t VALUES (?)').run(x);
    const all = () => db.prepare<[], { x: number }>('SELECT x FROM t ORDER BY x').all();
    const failing = db.transaction((x: number) => {
      insert(x);
      throw new Error(`no ${x}`);
    });
    const outer = db.transaction((a: number, b: number) => {
      insert(a);
      expect(() => failing(b)).toThrow(`no ${b}`);
      expect(db.inTransaction).toBe(true);
      return a + b;
    });
    expect(outer(1, 2)).toBe(3);
    expect(all()).toEqual([{ x: 1 }]);
    expect(() => failing(4)).toThrow('no 4');
    expect(db.inTransaction).toBe(false);
    expect(all()).toEqual([{ x: 1 }]);
    db.close();
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

describe('withoutFlush', () => {
  const synchronous = (db: ReturnType<typeof openDatabase>) =>
    db.pragma('synchronous', { simple: true });

  it('commits its write with synchronous NORMAL, and the connection is FULL again after', () => {
    const db = openDatabase(path.join(root, 'x.sqlite'));
    db.exec('CREATE TABLE t (x)');
    const seen = withoutFlush(db, () => {
      db.prepare('INSERT INTO t VALUES (1)').run();
      return synchronous(db);
    });
    expect(seen).toBe(1);
    expect(synchronous(db)).toBe(2);
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 });
    db.close();
  });

  it('is FULL again after a write that threw', () => {
    const db = openDatabase(path.join(root, 'x.sqlite'));
    expect(() =>
      withoutFlush(db, () => {
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(synchronous(db)).toBe(2);
    db.close();
  });

  it('leaves an outer transaction its FULL commit', () => {
    const db = openDatabase(path.join(root, 'x.sqlite'));
    const seen = db.transaction(() => withoutFlush(db, () => synchronous(db)))();
    expect(seen).toBe(2);
    expect(synchronous(db)).toBe(2);
    db.close();
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
