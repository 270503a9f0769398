import { sql } from 'kysely';
import { readdirSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteDb } from './database';
import type { Db } from './database';
import { migrate, readMigrations } from './migrate';
import type { Migration } from './migrate';
import { MIGRATION_FILES } from './migrations/index';
import { openDatabase } from './open';
import type { SqliteConnection as LegacyDb } from './open';

let handle: LegacyDb;
let db: Db;
beforeEach(() => {
  handle = openDatabase(':memory:');
  db = sqliteDb(handle);
});
afterEach(() => db.destroy());

const tables = () =>
  handle
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
    )
    .all()
    .map((row) => row.name);

const upTo = (last: number) => readMigrations().filter((migration) => migration.version <= last);

describe('migrate', () => {
  it('applies the numbered migrations in order, once', async () => {
    expect(await migrate(db)).toEqual(readMigrations().map((migration) => migration.version));
    expect(tables()).toEqual(
      expect.arrayContaining(['rate_limits', 'schema_migrations', 'sessions', 'users']),
    );
    expect(await migrate(db)).toEqual([]);
    expect(handle.prepare('SELECT count(*) AS n FROM schema_migrations').get()).toEqual({
      n: readMigrations().length,
    });
  });

  it('rolls a failing migration back whole and keeps the ones before it', async () => {
    const migrations: Migration[] = [
      {
        version: 1,
        name: 'one',
        up: async (trx) => {
          await sql`CREATE TABLE a (x INTEGER)`.execute(trx);
        },
      },
      {
        version: 2,
        name: 'two',
        up: async (trx) => {
          await sql`CREATE TABLE b (x INTEGER)`.execute(trx);
          await sql`CREATE TABLE a (y INTEGER)`.execute(trx);
        },
      },
    ];
    await expect(migrate(db, migrations)).rejects.toThrow(/already exists/);
    expect(tables()).toEqual(['a', 'schema_migrations']);
    expect(handle.prepare('SELECT version FROM schema_migrations').all()).toEqual([{ version: 1 }]);
  });

  it('cascades session deletes from users (foreign keys are on)', async () => {
    await migrate(db);
    handle
      .prepare(
        "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u', 'e', 'h', 0, 0)",
      )
      .run();
    handle
      .prepare(
        "INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ('s', 'u', 0, 1)",
      )
      .run();
    handle.prepare("DELETE FROM users WHERE id = 'u'").run();
    expect(handle.prepare('SELECT count(*) AS n FROM sessions').get()).toEqual({ n: 0 });
  });
});

describe('005 reply jobs', () => {
  it('numbers the messages of each chat 1..n in the order they were written', async () => {
    await migrate(db, upTo(4));
    handle.exec(`
      INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u', 'e', 'h', 0, 0);
      INSERT INTO chats (id, user_id, persona_id, created_at, updated_at, change_seq)
        VALUES ('a', 'u', 1, 0, 0, 1), ('b', 'u', 1, 0, 0, 2);
      INSERT INTO messages (id, chat_id, user_id, role, content, created_at, change_seq) VALUES
        ('a1', 'a', 'u', 'user', 'x', 900, 3), ('b1', 'b', 'u', 'user', 'x', 0, 4),
        ('a2', 'a', 'u', 'assistant', 'x', 100, 5), ('a3', 'a', 'u', 'user', 'x', 50, 7),
        ('b2', 'b', 'u', 'assistant', 'x', 0, 6);
    `);
    expect(await migrate(db, upTo(5))).toEqual([5]);
    const order = handle
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
      handle
        .prepare(
          `INSERT INTO messages (id, chat_id, user_id, role, content, created_at, change_seq, chat_seq)
           VALUES ('a4', 'a', 'u', 'user', 'x', 0, 8, 3)`,
        )
        .run(),
    ).toThrow(/UNIQUE/);
  });
});

describe('006 payments', () => {
  it('keeps one purchase per PaymentIntent, and keeps purchases when their user goes', async () => {
    await migrate(db);
    handle.exec(`
      INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u', 'e', 'h', 0, 0);
      INSERT INTO purchases (id, payment_intent_id, provider, plan_id, amount, currency, user_id,
        status, created_at, updated_at)
        VALUES ('p1', 'pi_1', 'stripe', 'bestie-day', 499, 'usd', 'u', 'pending', 0, 0);
    `);
    const again = `INSERT INTO purchases (id, payment_intent_id, provider, plan_id, amount, currency,
      status, created_at, updated_at)
      VALUES ('p2', 'pi_1', 'stripe', 'bestie-day', 499, 'usd', 'pending', 0, 0)`;
    expect(() => handle.exec(again)).toThrow(/UNIQUE/);
    expect(() =>
      handle.exec(again.replace("'pi_1'", "'pi_2'").replace("'pending'", "'paid'")),
    ).toThrow(/CHECK/);
    handle.exec("DELETE FROM users WHERE id = 'u'");
    expect(handle.prepare('SELECT id, user_id AS userId FROM purchases').all()).toEqual([
      { id: 'p1', userId: null },
    ]);
  });
});

describe('readMigrations', () => {
  const up = () => Promise.resolve();

  it('sorts by number and refuses a badly named file', () => {
    expect(
      readMigrations({ '010-later': { up }, '002-sooner': { up } }).map((each) => each.name),
    ).toEqual(['sooner', 'later']);
    expect(() => readMigrations({ '010-later': { up }, oops: { up } })).toThrow(/001-name/);
    expect(() => readMigrations({ '002-one': { up }, '002-two': { up } })).toThrow(
      /share version 2/,
    );
  });

  it('lists every migration file of the folder, none twice', () => {
    const files = readdirSync(new URL('./migrations', import.meta.url))
      .filter((file) => /^\d{3}-/.test(file))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(MIGRATION_FILES).sort()).toEqual(files);
    expect(readMigrations().map((each) => each.version)).toEqual(
      files.map((_, index) => index + 1),
    );
  });
});
