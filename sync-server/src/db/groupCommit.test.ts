import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupCommit } from './groupCommit';
import { openDatabase } from './open';
import type { LegacyDb as Db } from './open';

let dir: string;
let file: string;
let db: Db;
/** Another connection to the same file: it sees only what was committed. */
let other: Db;

const insert = (connection: Db, name: string) =>
  connection.prepare('INSERT INTO t (name) VALUES (?)').run(name);
const namesSeenByOther = () =>
  other
    .prepare<[], { name: string }>('SELECT name FROM t ORDER BY id')
    .all()
    .map((row) => row.name);

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'besties-group-'));
  file = path.join(dir, 'db.sqlite');
  db = openDatabase(file);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)');
  other = openDatabase(file);
});

afterEach(() => {
  db.close();
  other.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('groupCommit', () => {
  it('answers each write once it is committed, with what it returned', async () => {
    const group = groupCommit(db);
    const first = group.run(() => insert(db, 'Ava').lastInsertRowid);
    const second = group.run(() => insert(db, 'Bea').lastInsertRowid);
    // Nothing is written before the end of the turn.
    expect(namesSeenByOther()).toEqual([]);
    expect(await first).toBe(1);
    expect(namesSeenByOther()).toEqual(['Ava', 'Bea']);
    expect(await second).toBe(2);
  });

  it('writes the turn in one commit: a fraction of the WAL that one commit each writes', async () => {
    const walBytes = () => statSync(`${file}-wal`).size;
    const rows = 200;
    const start = walBytes();
    for (let index = 0; index < rows; index += 1) insert(db, `alone ${index}`);
    const alone = walBytes() - start;
    const group = groupCommit(db);
    await Promise.all(
      Array.from({ length: rows }, (_, index) => group.run(() => insert(db, `together ${index}`))),
    );
    const together = walBytes() - start - alone;
    expect(together).toBeGreaterThan(0);
    expect(together * 20).toBeLessThan(alone);
  });

  it('runs the writes in the order asked, each reading what the ones before wrote', async () => {
    const group = groupCommit(db);
    const counts = await Promise.all(
      ['Ava', 'Bea', 'Cat'].map((name) =>
        group.run(() => {
          insert(db, name);
          return db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM t').get()?.n;
        }),
      ),
    );
    expect(counts).toEqual([1, 2, 3]);
  });

  it('undoes only the write that threw, and rejects it with its error', async () => {
    const group = groupCommit(db);
    const outcomes = await Promise.allSettled([
      group.run(() => insert(db, 'Ava')),
      group.run(() => {
        insert(db, 'Bea');
        insert(db, 'Ava');
      }),
      group.run(() => insert(db, 'Cat')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(namesSeenByOther()).toEqual(['Ava', 'Cat']);
  });

  it('rejects every write, and keeps none, when the commit cannot be made', async () => {
    db.pragma('busy_timeout = 10');
    other.exec('BEGIN IMMEDIATE');
    const group = groupCommit(db);
    const outcomes = await Promise.allSettled([
      group.run(() => insert(db, 'Ava')),
      group.run(() => insert(db, 'Bea')),
    ]);
    other.exec('ROLLBACK');
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(namesSeenByOther()).toEqual([]);
    // The next turn commits again.
    await groupCommit(db).run(() => insert(db, 'Cat'));
    expect(namesSeenByOther()).toEqual(['Cat']);
  });

  it('rejects every write when one ends the whole transaction, and runs none after it', async () => {
    const group = groupCommit(db);
    const ran: string[] = [];
    const outcomes = await Promise.allSettled([
      group.run(() => insert(db, 'Ava')),
      // As a full disk would: SQLite rolls the whole transaction back, the error is caught.
      group.run(() => {
        db.exec('ROLLBACK');
      }),
      group.run(() => {
        ran.push('after');
        insert(db, 'Cat');
      }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(ran).toEqual([]);
    expect(namesSeenByOther()).toEqual([]);
  });

  it('refuses a write that returns a promise, alone', async () => {
    const group = groupCommit(db);
    const outcomes = await Promise.allSettled([
      group.run(async () => insert(db, 'Ava')),
      group.run(() => insert(db, 'Bea')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled']);
    expect(namesSeenByOther()).toEqual(['Bea']);
  });
});
