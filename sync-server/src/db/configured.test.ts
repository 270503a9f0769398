import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openConfiguredDatabase } from './configured';
import { engineOf } from './database';
import { readMigrations } from './migrate';
import { DB_FILE_NAME } from './open';
import { INSTALLED_MARKER, StartRefused } from './startupCheck';
import { testPostgres } from './testPostgres';
import type { TestPostgres } from './testPostgres';

const warn = () => {};
const ALL = readMigrations().map((migration) => migration.version);

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await testPostgres();
}, 60_000);
afterAll(() => postgres?.stop());

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'besties-configured-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('openConfiguredDatabase', () => {
  it("without DATABASE_URL: DATA_DIR's SQLite file, migrated, with its connection beside", async () => {
    const opened = await openConfiguredDatabase({ dataDir, databaseUrl: null }, { warn });
    try {
      expect(engineOf(opened.db)).toBe('sqlite');
      expect(opened.sqlite?.open).toBe(true);
      expect(opened.applied).toEqual(ALL);
      expect(existsSync(path.join(dataDir, DB_FILE_NAME))).toBe(true);
      expect(existsSync(path.join(dataDir, INSTALLED_MARKER))).toBe(true);
      // One connection: what the better-sqlite3 connection writes, db reads.
      opened
        .sqlite!.prepare(
          "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u', 'e', 'h', 0, 0)",
        )
        .run();
      expect(await opened.db.selectFrom('users').select('id').execute()).toEqual([{ id: 'u' }]);
    } finally {
      await opened.db.destroy();
    }
    expect(existsSync(path.join(dataDir, DB_FILE_NAME))).toBe(true);
    const again = await openConfiguredDatabase({ dataDir, databaseUrl: null }, { warn });
    expect(again.applied).toEqual([]);
    await again.db.destroy();
  });

  it('without DATABASE_URL: refuses a DATA_DIR whose database went missing', async () => {
    const opened = await openConfiguredDatabase({ dataDir, databaseUrl: null }, { warn });
    await opened.db.destroy();
    await rm(path.join(dataDir, DB_FILE_NAME));
    await expect(openConfiguredDatabase({ dataDir, databaseUrl: null }, { warn })).rejects.toThrow(
      StartRefused,
    );
  });

  it('with DATABASE_URL: PostgreSQL, migrated, and no SQLite file', async () => {
    const url = await postgres.createDatabase();
    const opened = await openConfiguredDatabase({ dataDir, databaseUrl: url }, { warn });
    try {
      expect(engineOf(opened.db)).toBe('postgres');
      expect(opened.sqlite).toBeUndefined();
      expect(opened.applied).toEqual(ALL);
      expect(existsSync(path.join(dataDir, DB_FILE_NAME))).toBe(false);
      expect(existsSync(path.join(dataDir, INSTALLED_MARKER))).toBe(false);
    } finally {
      await opened.db.destroy();
    }
  });
});
