import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from './migrate';
import { openDatabase } from './open';
import type { Db } from './open';

let db: Db;
beforeEach(() => {
  db = openDatabase(':memory:');
});
afterEach(() => db.close());

const tables = () =>
  db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
    )
    .all()
    .map((row) => row.name);

describe('migrate', () => {
  it('applies the numbered migrations in order, once', () => {
    expect(migrate(db)).toEqual(readMigrations().map((migration) => migration.version));
    expect(tables()).toEqual(
      expect.arrayContaining(['rate_limits', 'schema_migrations', 'sessions', 'users']),
    );
    expect(migrate(db)).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM schema_migrations').get()).toEqual({
      n: readMigrations().length,
    });
  });

  it('rolls a failing migration back whole and keeps the ones before it', () => {
    const migrations = [
      { version: 1, name: 'one', sql: 'CREATE TABLE a (x INTEGER);' },
      { version: 2, name: 'two', sql: 'CREATE TABLE b (x INTEGER); CREATE TABLE a (y INTEGER);' },
    ];
    expect(() => migrate(db, migrations)).toThrow(/already exists/);
    expect(tables()).toEqual(['a', 'schema_migrations']);
    expect(db.prepare('SELECT version FROM schema_migrations').all()).toEqual([{ version: 1 }]);
  });

  it('cascades session deletes from users (foreign keys are on)', () => {
    migrate(db);
    db.prepare(
      "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u', 'e', 'h', 0, 0)",
    ).run();
    db.prepare(
      "INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ('s', 'u', 0, 1)",
    ).run();
    db.prepare("DELETE FROM users WHERE id = 'u'").run();
    expect(db.prepare('SELECT count(*) AS n FROM sessions').get()).toEqual({ n: 0 });
  });
});

describe('readMigrations', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'besties-migrations-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('sorts by number and refuses a badly named file', async () => {
    await writeFile(path.join(dir, '010-later.sql'), 'SELECT 1;');
    await writeFile(path.join(dir, '002-sooner.sql'), 'SELECT 2;');
    expect(readMigrations(dir).map((migration) => migration.name)).toEqual(['sooner', 'later']);
    await writeFile(path.join(dir, 'oops.sql'), '');
    expect(() => readMigrations(dir)).toThrow(/001-name\.sql/);
  });
});
