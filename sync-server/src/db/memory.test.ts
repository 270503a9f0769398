import { describe, expect, it } from 'vitest';
import { openMemorySqlite, openMemoryDb } from './memory';
import { readMigrations } from './migrate';

describe('openMemoryDb', () => {
  it('answers a migrated database in memory, closed by destroy', async () => {
    const db = await openMemoryDb();
    const recorded = await db.selectFrom('schema_migrations').select('version').execute();
    expect(recorded).toHaveLength(readMigrations().length);
    await db.destroy();
  });

  it('shares one connection with legacyDb, which destroy closes too', async () => {
    const { db, sqlite: legacyDb } = await openMemorySqlite();
    legacyDb
      .prepare(
        "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u', 'e', 'h', 0, 0)",
      )
      .run();
    expect(await db.selectFrom('users').select('id').execute()).toEqual([{ id: 'u' }]);
    await db.destroy();
    expect(legacyDb.open).toBe(false);
  });
});
