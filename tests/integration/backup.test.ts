import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { copyFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDatabase } from '../../sync-server/src/db/backup';
import { DB_FILE_NAME } from '../../sync-server/src/db/open';
import { signedInClient } from './fakes/besties';
import { planOf, startPurchase, verify } from './fakes/payments';
import { createChat, push, repliesWritten, sendMessage } from './fakes/sync';
import type { TestServer } from './harness';
import { makeDataDir, onPostgres, startTestServer } from './harness';
import { runScript } from './runScript';

/** `npm run backup -- <to>` as a cron job or the systemd timer runs it. */
const runBackupScript = (dataDir: string, to: string) =>
  runScript('sync-server/src/backup.ts', [to], { DATA_DIR: dataDir, NODE_ENV: 'test' });

const BACKUP_NAME = /^besties-\d{8}-\d{6}\.sqlite$/;

const servers: TestServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

function readDb<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const tablesOf = (db: Database.Database) =>
  db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all()
    .map((row) => row.name);

/** Every table's row count, and every row of the tables her account lives in. */
function snapshot(file: string) {
  return readDb(file, (db) => {
    const counts = Object.fromEntries(
      tablesOf(db).map((table) => [
        table,
        (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n,
      ]),
    );
    const rows = Object.fromEntries(
      ['users', 'chats', 'messages', 'purchases', 'entitlements'].map((table) => [
        table,
        db
          .prepare(`SELECT * FROM "${table}"`)
          .all()
          .map((row) => JSON.stringify(row))
          .sort(),
      ]),
    );
    return { counts, rows };
  });
}

/** A server holding her account, two chats with replies, and a plan she paid for. */
async function serverWithHerData() {
  const server = await startTestServer();
  servers.push(server);
  const { client, email } = await signedInClient(server, 'restore');
  const chat = randomUUID();
  const mutations = [
    createChat(chat, 'Back me up, Cassie'),
    sendMessage(chat, 'Still here after a restore?'),
    createChat(randomUUID(), 'A second chat'),
  ];
  expect((await push(client, mutations)).status).toBe(200);
  await repliesWritten(client, mutations);
  const { intentId, clientSecret } = await startPurchase(client, 'bestie-month');
  const paid = await client.post('/api/test-payments/confirm', {
    clientSecret,
    email,
    name: 'Rue',
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
  });
  expect(paid.status).toBe(200);
  expect((await verify(client, intentId, 'bestie-month')).status).toBe(200);
  return { server, client, email, chat };
}

// The backup is a copy of the SQLite file (PostgreSQL has pg_dump).
describe.skipIf(onPostgres)('npm run backup', () => {
  it('writes an owner-only dated copy to DATA_DIR/backups that restores into a fresh DATA_DIR with every row', async () => {
    const { server, client, email, chat } = await serverWithHerData();
    const live = path.join(server.dataDir, DB_FILE_NAME);
    const before = snapshot(live);
    expect(before.counts).toMatchObject({ users: 1, chats: 2, purchases: 1 });
    expect(before.counts.messages).toBe(6);

    // Online: the server is running and holds the database open.
    const file = await backupDatabase({ dataDir: server.dataDir });
    expect(path.dirname(file)).toBe(path.join(server.dataDir, 'backups'));
    expect(path.basename(file)).toMatch(BACKUP_NAME);
    expect(await modeOf(file)).toBe(0o600);
    expect(await modeOf(path.dirname(file))).toBe(0o700);
    expect(readDb(file, (db) => db.pragma('integrity_check', { simple: true }))).toBe('ok');

    // Restore: the backup becomes DATA_DIR/besties.sqlite of a new DATA_DIR; the session
    // secret is copied too, so the sessions in the backup stay valid.
    const fresh = await makeDataDir();
    dirs.push(fresh);
    await copyFile(file, path.join(fresh, DB_FILE_NAME));
    await copyFile(path.join(server.dataDir, 'session-secret'), path.join(fresh, 'session-secret'));
    const restored = await startTestServer({ dataDir: fresh, clock: server.clock });
    servers.push(restored);
    expect(snapshot(path.join(fresh, DB_FILE_NAME))).toEqual(before);

    const again = restored.client();
    for (const [name, value] of client.cookies) again.cookies.set(name, value);
    expect(await planOf(again)).toMatchObject({ tier: 'premium' });
    const chatAnswer = await again.get(`/api/chats/${chat}`);
    expect(chatAnswer.status).toBe(200);
    expect(chatAnswer.body.messages.map((m: { message: string }) => m.message)).toContain(
      'Still here after a restore?',
    );
    const login = await restored.client().post('/api/login', { email, password: 'bestie-pass' });
    expect(login.status).toBe(200);
  });

  it('runs as its own process while the server takes writes, and prints the path', async () => {
    const { server, client } = await serverWithHerData();
    const chat = randomUUID();
    expect((await push(client, [createChat(chat, 'during the backup')])).status).toBe(200);
    const backups = await makeDataDir();
    dirs.push(backups);

    const writes = Array.from({ length: 20 }, (_, n) =>
      push(client, [sendMessage(chat, `write ${n} while backing up`)]),
    );
    const result = await runBackupScript(server.dataDir, backups);
    await Promise.all(writes);
    expect(result.code, result.stderr).toBe(0);
    const file = result.stdout.trim();
    expect(path.dirname(file)).toBe(backups);
    expect(path.basename(file)).toMatch(BACKUP_NAME);
    expect(await modeOf(file)).toBe(0o600);

    const copied = snapshot(file);
    expect(readDb(file, (db) => db.pragma('integrity_check', { simple: true }))).toBe('ok');
    expect(copied.counts).toMatchObject({ users: 1, chats: 3, purchases: 1 });
    // A consistent moment of a live database: the copy holds at most what the server holds.
    const now = snapshot(path.join(server.dataDir, DB_FILE_NAME));
    expect(copied.counts.messages).toBeGreaterThanOrEqual(7);
    expect(copied.counts.messages).toBeLessThanOrEqual(now.counts.messages ?? 0);
  });

  it('refuses with a message and exit code 1 when DATA_DIR holds no database', async () => {
    const empty = await makeDataDir();
    dirs.push(empty);
    const result = await runBackupScript(empty, path.join(empty, 'out'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/No database to back up/);
  });
});
