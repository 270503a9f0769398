import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../../sync-server/src/db/open';
import { listeningUrl, spawnMain } from './fakes/main';
import { dataEnvOf, makeDataDir, onPostgres, withDataOf } from './harness';

describe('main.ts', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('finishes an in-flight request on SIGTERM, closes the database and exits 0', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    const main = spawnMain({
      PORT: '0',
      HOST: '127.0.0.1',
      ...dataEnvOf(dataDir),
      LOG_LEVEL: 'info',
    });
    const url = await listeningUrl(main.child.stdout);
    // SQLite's write-ahead log is open beside the file while it runs.
    if (!onPostgres) expect(existsSync(path.join(dataDir, `${DB_FILE_NAME}-wal`))).toBe(true);

    // Registering hashes a password for hundreds of milliseconds: stop the server meanwhile.
    const inFlight = fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'sam@example.com', password: 'sam-password' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    main.child.kill('SIGTERM');

    const answer = await inFlight;
    expect(answer.status).toBe(201);
    // Keep-alive must not hold the shutdown up.
    expect(answer.headers.get('connection')).toBe('close');
    const answered = performance.now();
    expect(await main.exited).toBe(0);
    expect(performance.now() - answered).toBeLessThan(2000);

    // A clean close checkpoints SQLite's WAL into the database and removes it.
    if (!onPostgres) expect(existsSync(path.join(dataDir, `${DB_FILE_NAME}-wal`))).toBe(false);
    const users = await withDataOf(dataDir, (db) =>
      db.selectFrom('users').select('email').execute(),
    );
    expect(users).toEqual([{ email: 'sam@example.com' }]);
    await expect(fetch(`${url}/api/user`)).rejects.toThrow();
  });

  it('lists every configuration problem at once and exits 1', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    const main = spawnMain({
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'ftp://x',
      DATA_DIR: dataDir,
    });
    expect(await main.exited).toBe(1);
    expect(main.stderr()).toContain('Invalid configuration');
    for (const name of ['PORT', 'LOG_LEVEL', 'PUBLIC_URL']) expect(main.stderr()).toContain(name);
  });
});
