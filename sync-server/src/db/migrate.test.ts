import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from './migrate';
import { openDatabase } from './open';
import type { LegacyDb as Db } from './open';

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

describe('005 reply jobs', () => {
  it('numbers the messages of each chat 1..n in the order they were written', () => {
    migrate(
      db,
      readMigrations().filter((migration) => migration.version < 5),
    );
    db.exec(`
      INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u', 'e', 'h', 0, 0);
      INSERT INTO chats (id, user_id, persona_id, created_at, updated_at, change_seq)
        VALUES ('a', 'u', 1, 0, 0, 1), ('b', 'u', 1, 0, 0, 2);
      INSERT INTO messages (id, chat_id, user_id, role, content, created_at, change_seq) VALUES
        ('a1', 'a', 'u', 'user', 'x', 900, 3), ('b1', 'b', 'u', 'user', 'x', 0, 4),
        ('a2', 'a', 'u', 'assistant', 'x', 100, 5), ('a3', 'a', 'u', 'user', 'x', 50, 7),
        ('b2', 'b', 'u', 'assistant', 'x', 0, 6);
    `);
    expect(
      migrate(
        db,
        readMigrations().filter((migration) => migration.version <= 5),
      ),
    ).toEqual([5]);
    const order = db
      .prepare('SELECT id, chat_seq AS seq, reply_error AS error FROM messages ORDER BY id')
      .all();
    expect(order).toEqual([
      { id: 'a1', seq: 1, error: null },
      { id: 'a2', seq: 2, error: null },
      { id: 'a3', seq: 3, error: null },
      { id: 'b1', seq: 1, error: null },
      { id: 'b2', seq: 2, error: null },
    ]);
    expect(() =>
      db
        .prepare(
          `INSERT INTO messages (id, chat_id, user_id, role, content, created_at, change_seq, chat_seq)
           VALUES ('a4', 'a', 'u', 'user', 'x', 0, 8, 3)`,
        )
        .run(),
    ).toThrow(/UNIQUE/);
  });
});

describe('006 payments', () => {
  it('keeps one purchase per PaymentIntent, and keeps purchases when their user goes', () => {
    migrate(db);
    db.exec(`
      INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u', 'e', 'h', 0, 0);
      INSERT INTO purchases (id, payment_intent_id, provider, plan_id, amount, currency, user_id,
        status, created_at, updated_at)
        VALUES ('p1', 'pi_1', 'stripe', 'bestie-day', 499, 'usd', 'u', 'pending', 0, 0);
    `);
    const again = `INSERT INTO purchases (id, payment_intent_id, provider, plan_id, amount, currency,
      status, created_at, updated_at)
      VALUES ('p2', 'pi_1', 'stripe', 'bestie-day', 499, 'usd', 'pending', 0, 0)`;
    expect(() => db.exec(again)).toThrow(/UNIQUE/);
    expect(() => db.exec(again.replace("'pi_1'", "'pi_2'").replace("'pending'", "'paid'"))).toThrow(
      /CHECK/,
    );
    db.exec("DELETE FROM users WHERE id = 'u'");
    expect(db.prepare('SELECT id, user_id AS userId FROM purchases').all()).toEqual([
      { id: 'p1', userId: null },
    ]);
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
