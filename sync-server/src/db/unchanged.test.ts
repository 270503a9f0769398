import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './open';
import type { LegacyDb as Db } from './open';
import { UNCHANGED_MEMO_ENTRIES, unchangedMemo } from './unchanged';

let dir: string;
let db: Db;
/** Another connection to the same file: a script, a restore, another process. */
let other: Db;
let reads: number;

const nameOf = (connection: Db, id: number) =>
  connection.prepare<[number], { name: string }>('SELECT name FROM t WHERE id = ?').get(id)?.name;

/** Her name through the memo, counting the reads that reached the database. */
const lookUp = (id = 1) =>
  unchangedMemo(db)(`name ${id}`, () => {
    reads += 1;
    return nameOf(db, id);
  });

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'besties-unchanged-'));
  db = openDatabase(path.join(dir, 'db.sqlite'));
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
  db.prepare("INSERT INTO t VALUES (1, 'Ava'), (2, 'Bea')").run();
  other = openDatabase(path.join(dir, 'db.sqlite'));
  reads = 0;
});

afterEach(() => {
  db.close();
  other.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('unchangedMemo', () => {
  it('answers the same lookup from memory while nothing is written', () => {
    expect([lookUp(), lookUp(), lookUp()]).toEqual(['Ava', 'Ava', 'Ava']);
    expect(reads).toBe(1);
    expect(lookUp(2)).toBe('Bea');
    expect(reads).toBe(2);
  });

  it('reads again after a write on the same connection, to any table', () => {
    lookUp();
    db.prepare("UPDATE t SET name = 'Ada' WHERE id = 1").run();
    expect(lookUp()).toBe('Ada');
    db.exec('CREATE TABLE u (x)');
    db.prepare('INSERT INTO u VALUES (1)').run();
    expect(lookUp()).toBe('Ada');
    expect(reads).toBe(3);
  });

  it("reads again after another connection's commit", () => {
    lookUp();
    other.prepare("UPDATE t SET name = 'Ada' WHERE id = 1").run();
    expect(lookUp()).toBe('Ada');
    expect(reads).toBe(2);
  });

  it('a request sees every commit made before it started, the next turn included', async () => {
    const memo = unchangedMemo(db);
    memo.requestStarted();
    expect(lookUp()).toBe('Ava');
    other.prepare("UPDATE t SET name = 'Ada' WHERE id = 1").run();
    // A request started in the same turn shares the turn's reading (its bytes came first)...
    memo.requestStarted();
    expect(lookUp()).toBe('Ava');
    // ...but not a request of a later turn, nor a lookup outside any request.
    await nextTurn();
    memo.requestStarted();
    expect(lookUp()).toBe('Ada');
    other.prepare("UPDATE t SET name = 'Amy' WHERE id = 1").run();
    await nextTurn();
    expect(lookUp()).toBe('Amy');
    expect(reads).toBe(3);
  });

  it('sees its own writes within the turn a request started', () => {
    unchangedMemo(db).requestStarted();
    lookUp();
    db.prepare("UPDATE t SET name = 'Ada' WHERE id = 1").run();
    expect(lookUp()).toBe('Ada');
  });

  it('keeps nothing read inside a transaction, which may be rolled back', () => {
    expect(() =>
      db.transaction(() => {
        db.prepare("UPDATE t SET name = 'Ada' WHERE id = 1").run();
        expect(lookUp()).toBe('Ada');
        expect(lookUp()).toBe('Ada');
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(lookUp()).toBe('Ava');
    expect(reads).toBe(3);
  });

  it('reads again after a rolled back write', () => {
    lookUp();
    db.exec("BEGIN; UPDATE t SET name = 'Ada' WHERE id = 1; ROLLBACK");
    expect(lookUp()).toBe('Ava');
    expect(reads).toBe(2);
  });

  it('keeps a missing row as missing, until it is written', () => {
    expect(lookUp(3)).toBeUndefined();
    expect(lookUp(3)).toBeUndefined();
    expect(reads).toBe(1);
    db.prepare("INSERT INTO t VALUES (3, 'Cat')").run();
    expect(lookUp(3)).toBe('Cat');
  });

  it('shares answers frozen: a caller cannot change one for the next', () => {
    const row = unchangedMemo(db)('row 1', () => db.prepare('SELECT * FROM t WHERE id = 1').get());
    expect(Object.isFrozen(row)).toBe(true);
    expect(() => {
      (row as { name: string }).name = 'Eve';
    }).toThrow(TypeError);
  });

  it(`keeps at most ${UNCHANGED_MEMO_ENTRIES} answers`, () => {
    const memo = unchangedMemo(db);
    for (let index = 0; index <= UNCHANGED_MEMO_ENTRIES; index += 1)
      memo(`k ${index}`, () => index);
    lookUp();
    lookUp();
    expect(reads).toBe(1);
    // The first ones went when the memo filled up.
    let again = 0;
    memo('k 0', () => (again += 1));
    expect(again).toBe(1);
  });
});
