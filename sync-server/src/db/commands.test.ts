import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../../../tests/integration/runScript';
import { postgresDb } from './database';
import { readMigrations } from './migrate';
import { DB_FILE_NAME } from './open';
import { testPostgres } from './testPostgres';
import type { TestPostgres } from './testPostgres';

const MIGRATE = 'sync-server/src/db/migrateCommand.ts';
const BACKUP = 'sync-server/src/backup.ts';
const ALL = readMigrations();

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await testPostgres();
}, 60_000);
afterAll(() => postgres?.stop());

let dir: string;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});
const newDir = async () => (dir = await mkdtemp(path.join(tmpdir(), 'besties-commands-')));

describe('npm run migrate', () => {
  it("migrates DATA_DIR's SQLite database, saying what it applied, and nothing the second time", async () => {
    const dataDir = path.join(await newDir(), 'data');
    const first = await runScript(MIGRATE, [], { DATA_DIR: dataDir });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`${path.join(dataDir, DB_FILE_NAME)}: applied ${ALL.length}`);
    expect(first.stdout).toContain('001-accounts');
    expect(first.stdout).toContain(`${String(ALL.length).padStart(3, '0')}-${ALL.at(-1)?.name}`);
    const again = await runScript(MIGRATE, [], { DATA_DIR: dataDir });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/up to date .* nothing applied/);
  }, 60_000);

  it('refuses to make a new database where an install lost its own', async () => {
    const dataDir = await newDir();
    expect((await runScript(MIGRATE, [], { DATA_DIR: dataDir })).code).toBe(0);
    await rm(path.join(dataDir, DB_FILE_NAME));
    const lost = await runScript(MIGRATE, [], { DATA_DIR: dataDir });
    expect(lost.code).toBe(1);
    expect(lost.stderr).toMatch(/is missing/);
    expect(existsSync(path.join(dataDir, DB_FILE_NAME))).toBe(false);
  }, 60_000);

  it('migrates PostgreSQL at DATABASE_URL', async () => {
    const url = await postgres.createDatabase();
    const dataDir = path.join(await newDir(), 'data');
    const result = await runScript(MIGRATE, [], { DATA_DIR: dataDir, DATABASE_URL: url });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`PostgreSQL (DATABASE_URL): applied ${ALL.length}`);
    // The password of a URL never shows; here there is none, and no URL is printed at all.
    expect(result.stdout).not.toContain(url);
    expect(existsSync(dataDir)).toBe(false);
    const db = postgresDb(url);
    try {
      const rows = await db.selectFrom('schema_migrations').select('version').execute();
      expect(rows).toHaveLength(ALL.length);
    } finally {
      await db.destroy();
    }
  }, 60_000);

  it('says so when PostgreSQL cannot be reached', async () => {
    const result = await runScript(MIGRATE, [], {
      DATA_DIR: path.join(await newDir(), 'data'),
      DATABASE_URL: 'postgres://nobody@localhost:1/besties',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /PostgreSQL at DATABASE_URL cannot be reached \(connect ECONNREFUSED/,
    );
  }, 60_000);
});

describe('npm run backup on PostgreSQL', () => {
  it('says to use pg_dump and exits 1, touching nothing', async () => {
    const dataDir = path.join(await newDir(), 'data');
    const result = await runScript(BACKUP, [], {
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://besties@127.0.0.1:1/besties',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/pg_dump/);
    expect(result.stdout).toBe('');
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});
