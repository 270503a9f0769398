import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../sync-server/src/db/migrate';
import type { TestServer } from './harness';
import { startTestServer } from './harness';

describe('a restart over the same DATA_DIR', () => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('applies migrations once, reuses the generated session secret and keeps sessions', async () => {
    const first = await startTestServer();
    const { dataDir } = first;
    const client = first.client();
    expect(
      (await client.post('/api/register', { email: 'rue@example.com', password: 'rue-password' }))
        .status,
    ).toBe(201);

    const secretFile = path.join(dataDir, 'session-secret');
    const secret = await readFile(secretFile, 'utf8');
    expect(secret.length).toBeGreaterThanOrEqual(43);
    expect((await stat(secretFile)).mode & 0o777).toBe(0o600);
    await first.close();

    server = await startTestServer({ dataDir });
    expect(await readFile(secretFile, 'utf8')).toBe(secret);
    const again = server.client();
    again.cookies.set('besties_session', client.cookies.get('besties_session') ?? '');
    const user = await again.get('/api/user');
    expect(user.status).toBe(200);
    expect(user.body.email).toBe('rue@example.com');

    const versions = await server.db
      .selectFrom('schema_migrations')
      .select(['version', 'name'])
      .orderBy('version')
      .execute();
    expect(versions).toEqual(readMigrations().map(({ version, name }) => ({ version, name })));
    expect(versions[0]).toEqual({ version: 1, name: 'accounts' });
    expect(await migrate(server.db)).toEqual([]);
    // On SQLite, the file stays in WAL mode.
    if (server.sqlite) expect(server.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('uses SESSION_SECRET when it is set, and does not write one', async () => {
    const other = await startTestServer({ env: { SESSION_SECRET: 'x'.repeat(40) } });
    await expect(stat(path.join(other.dataDir, 'session-secret'))).rejects.toThrow(/ENOENT/);
    await other.stop();
  });
});
