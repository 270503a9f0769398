import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteDb } from './database';
import type { Db } from './database';
import { migrate, readMigrations } from './migrate';
import { openDatabase } from './open';
import type { SqliteConnection as LegacyDb } from './open';

// Migrations that change rows already stored. Migrated through Kysely (`kysely`), seeded and
// read through its SQLite connection (`db`).
let db: LegacyDb;
let kysely: Db;
beforeEach(() => {
  db = openDatabase(':memory:');
  kysely = sqliteDb(db);
});
afterEach(() => kysely.destroy());

/**
 * A database migrated up to (not including) `version`, with one user 'u' to seed rows for;
 * answers every migration, to finish with.
 */
async function before(version: number) {
  const all = readMigrations();
  await migrate(
    kysely,
    all.filter((migration) => migration.version < version),
  );
  db.prepare(
    "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u', 'e', 'h', 0, 0)",
  ).run();
  return all;
}

describe('008 profile and sessions', () => {
  it('gives existing sessions a public id each and last seen = signed in', async () => {
    const all = await before(8);
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

describe('012 chat risk', () => {
  it("turns a model's reply stored as a crisis reply for its words into a help-card reply, keeping the server's own crisis replies", async () => {
    const all = await before(12);
    db.prepare(
      `INSERT INTO chats (id, user_id, persona_id, title, created_at, updated_at, change_seq)
       VALUES ('c', 'u', 1, 't', 0, 0, 1)`,
    ).run();
    const insert = db.prepare(
      `INSERT INTO messages (id, chat_id, user_id, role, content, is_crisis, reply_to, created_at,
         change_seq, chat_seq)
       VALUES (?, 'c', 'u', ?, ?, ?, ?, 0, ?, ?)`,
    );
    insert.run('m1', 'user', 'i want to die', 0, null, 2, 1);
    insert.run(
      'r1',
      'assistant',
      "Ana, I'm really glad you told me, and I'm taking what you said seriously.\n\n...",
      1,
      'm1',
      3,
      2,
    );
    insert.run('m2', 'user', 'weird day', 0, null, 4, 3);
    insert.run('r2', 'assistant', 'I hear you. SECRET. Call 988 if you need.', 1, 'm2', 5, 4);
    insert.run('m3', 'user', 'hi', 0, null, 6, 5);
    insert.run('r3', 'assistant', 'Hey you!', 0, 'm3', 7, 6);

    expect(await migrate(kysely, all)).toContain(12);
    const rows = db
      .prepare(
        'SELECT id, is_crisis AS isCrisis, help_card AS helpCard, care FROM messages ORDER BY chat_seq',
      )
      .all();
    expect(rows.filter((row) => (row as { id: string }).id.startsWith('r'))).toEqual([
      { id: 'r1', isCrisis: 1, helpCard: 0, care: 0 },
      { id: 'r2', isCrisis: 0, helpCard: 1, care: 0 },
      { id: 'r3', isCrisis: 0, helpCard: 0, care: 0 },
    ]);
    expect(db.prepare('SELECT last_crisis_at AS at FROM chats').get()).toEqual({ at: null });
  });
});
