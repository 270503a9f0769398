import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { existsSync, openSync, closeSync, writeSync } from 'node:fs';
import { rm, stat, truncate } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../../sync-server/src/db/open';
import { INSTALLED_MARKER } from '../../sync-server/src/db/startupCheck';
import { listeningUrl, spawnMain } from './fakes/main';
import type { TestServer } from './harness';
import { makeDataDir, onPostgres, startTestServer } from './harness';

/** Starting tsx once, on a busy machine. */
const SPAWN_TIMEOUT_MS = 60_000;

const servers: TestServer[] = [];
const dirs: string[] = [];
const children: ReturnType<typeof spawnMain>[] = [];
afterEach(async () => {
  for (const main of children.splice(0)) main.child.kill('SIGKILL');
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A DATA_DIR a server ran in, with one account, stopped. */
async function ranBefore(): Promise<string> {
  const dataDir = await makeDataDir();
  dirs.push(dataDir);
  const server = await startTestServer({ dataDir });
  const answer = await server.client().post('/api/register', {
    email: `${randomUUID()}@example.com`,
    password: 'bestie-pass',
  });
  expect(answer.status).toBe(201);
  await server.stop({ keepData: true });
  return dataDir;
}

/** Overwrites the first half of `table`'s root page with junk, as a bad disk block would. */
function damagePage(file: string, table: string): void {
  const db = new Database(file, { readonly: true });
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const { rootpage } = db
    .prepare<[string], { rootpage: number }>('SELECT rootpage FROM sqlite_schema WHERE name = ?')
    .get(table)!;
  db.close();
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(pageSize / 2, 0xa5), 0, pageSize / 2, (rootpage - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
}

// The checks of the SQLite file at start (damaged, emptied or lost, the install marker).
describe.skipIf(onPostgres)('start-up checks the database', () => {
  it(
    'refuses a database with damaged pages: the process exits 1 and says what to do',
    async () => {
      const dataDir = await ranBefore();
      damagePage(path.join(dataDir, DB_FILE_NAME), 'users');
      const main = spawnMain({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      });
      children.push(main);
      const listening = listeningUrl(main.child.stdout).then(
        () => 'listening',
        () => 'exited',
      );
      expect(await Promise.race([listening, main.exited.then(() => 'exited')])).toBe('exited');
      expect(await main.exited).toBe(1);
      expect(main.stderr()).toContain(
        `The database ${path.join(dataDir, DB_FILE_NAME)} is damaged (PRAGMA quick_check: `,
      );
      expect(main.stderr()).toContain('restore it from a backup (DATA_DIR/backups)');
      expect(main.stderr()).not.toMatch(/^\s+at /m);
    },
    SPAWN_TIMEOUT_MS,
  );

  it.each([
    ['empty (0 bytes)', (file: string) => truncate(file, 0)],
    ['missing', (file: string) => rm(file)],
  ])(
    'refuses a database %s in a DATA_DIR that ran before, and creates none',
    async (state, lose) => {
      const dataDir = await ranBefore();
      const file = path.join(dataDir, DB_FILE_NAME);
      await lose(file);
      await expect(startTestServer({ dataDir })).rejects.toThrow(
        `The database ${file} is ${state}, but DATA_DIR holds an install that ran ` +
          `(${INSTALLED_MARKER}). Refusing to start it as a new, empty database`,
      );
      expect(existsSync(file) ? (await stat(file)).size : 'missing').toBe(
        state === 'missing' ? 'missing' : 0,
      );
    },
  );

  it('starts in a fresh, empty DATA_DIR and marks it as an install that ran', async () => {
    const dataDir = await makeDataDir();
    const server = await startTestServer({ dataDir });
    servers.push(server);
    expect((await server.client().get('/api/health')).status).toBe(200);
    expect(existsSync(path.join(dataDir, INSTALLED_MARKER))).toBe(true);
  });
});

// Damages the SQLite file's pages under the running server.
describe.skipIf(onPostgres)('GET /api/health probes the database', () => {
  it("answers 503 with database 'error' once a table's pages are damaged", async () => {
    const server = await startTestServer();
    servers.push(server);
    expect((await server.client().get('/api/health')).status).toBe(200);
    const file = path.join(server.dataDir, DB_FILE_NAME);
    const other = new Database(file);
    // Every page in the database file, none newer in the WAL.
    other.pragma('wal_checkpoint(TRUNCATE)');
    damagePage(file, 'users');
    // A write elsewhere, so the server reads the file again rather than its page cache.
    other.exec('CREATE TABLE probe_nudge (x); DROP TABLE probe_nudge');
    other.close();

    const broken = await server.client().get('/api/health');
    expect(broken.status).toBe(503);
    expect(broken.body).toMatchObject({ ok: false, database: 'error' });
  });
});
