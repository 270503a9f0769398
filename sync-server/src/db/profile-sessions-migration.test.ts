import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteDb } from './database';
import type { Db } from './database';
import { migrate, readMigrations } from './migrate';
import { openDatabase } from './open';
import type { SqliteConnection as LegacyDb } from './open';

// Migrated through Kysely (`kysely`), seeded and read through its SQLite connection (`db`).
let db: LegacyDb;
let kysely: Db;
beforeEach(() => {
  db = openDatabase(':memory:');
  kysely = sqliteDb(db);
});
afterEach(() => kysely.destroy());

describe('008 profile and sessions', () => {
  it('gives existing sessions a public id each and last seen = signed in', async () => {
    const all = readMigrations();
    await migrate(
      kysely,
      all.filter((migration) => migration.version < 8),
    );
    db.prepare(
      "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u', 'e', 'h', 0, 0)",
    ).run();
    const insert = db.prepare(
      "INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, 'u', ?, 9e12)",
    );
    insert.run('s1', 1000);
    insert.run('s2', 2000);
    expect(await migrate(kysely, all)).toContain(8);

    const rows = db
      .prepare<[], { publicId: string; lastSeenAt: number; userAgent: string | null }>(
        `SELECT public_id AS publicId, last_seen_at AS lastSeenAt, user_agent AS userAgent
         FROM sessions ORDER BY created_at`,
      )
      .all();
    expect(rows.map((row) => row.lastSeenAt)).toEqual([1000, 2000]);
    expect(rows.map((row) => row.userAgent)).toEqual([null, null]);
    for (const row of rows) expect(row.publicId).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[0]?.publicId).not.toBe(rows[1]?.publicId);
    expect(() =>
      db.prepare("UPDATE sessions SET public_id = ? WHERE id_hash = 's2'").run(rows[0]?.publicId),
    ).toThrow(/UNIQUE/);
  });

  it('keeps a theme on the user: none at first, only pink, light or dark', async () => {
    await migrate(kysely);
    db.prepare(
      "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u', 'e', 'h', 0, 0)",
    ).run();
    expect(db.prepare("SELECT theme FROM users WHERE id = 'u'").get()).toEqual({ theme: null });
    db.prepare("UPDATE users SET theme = 'dark' WHERE id = 'u'").run();
    expect(() => db.prepare("UPDATE users SET theme = 'neon' WHERE id = 'u'").run()).toThrow(
      /CHECK/,
    );
  });
});
