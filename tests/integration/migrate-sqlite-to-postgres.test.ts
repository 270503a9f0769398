import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, startCluster } from '../../scripts/postgres/cluster';
import type { Cluster } from '../../scripts/postgres/cluster';
import { moveToPostgres, TABLES_IN_ORDER } from '../../scripts/migrate-sqlite-to-postgres';
import { postgresDb } from '../../sync-server/src/db/database';
import { DB_FILE_NAME } from '../../sync-server/src/db/open';
import { signedInClient } from './fakes/besties';
import { Client, startTestServer } from './harness';
import type { TestServer } from './harness';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** What her devices read of her data: the same before and after the move. */
async function hersSeenBy(client: Client) {
  const user = await client.get('/api/user');
  const chats = await client.get('/api/chats');
  const pages = [];
  for (const chat of chats.body as { id: string }[]) {
    pages.push((await client.get(`/api/chats/${chat.id}`)).body);
  }
  const pull = await client.get('/api/sync/pull?cursor=0&limit=1000');
  return { user: user.body, chats: chats.body, pages, pull: pull.body };
}

describe.skipIf(!postgresBinDir())('npm run migrate-sqlite-to-postgres', () => {
  let cluster: Cluster;
  let sqliteServer: TestServer;
  let dataDir: string;
  let before: Awaited<ReturnType<typeof hersSeenBy>>;
  let cookies: Map<string, string>;
  let storageBefore: number;

  beforeAll(async () => {
    cluster = await startCluster();
    // An install on SQLite with her account, a plan, chats with replies and a device signed in.
    sqliteServer = await startTestServer();
    dataDir = sqliteServer.dataDir;
    const { client, userId } = await signedInClient(sqliteServer, 'moving');
    await sqliteServer.db
      .insertInto('entitlements')
      .values({ user_id: userId, tier: 'premium', expires_at: null, updated_at: 1 })
      .execute();
    const chat = await client.post('/api/chats', { message: 'First one, before the move' });
    await client.post(`/api/chats/${chat.body.id}/messages`, { message: 'And a second message' });
    await client.post('/api/chats', { message: 'Another chat entirely', personaId: 3 });
    before = await hersSeenBy(client);
    cookies = new Map(client.cookies);
    storageBefore = (
      await sqliteServer.db
        .selectFrom('users')
        .select('storage_bytes')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).storage_bytes;
    await sqliteServer.stop({ keepData: true });
  }, 90_000);
  afterAll(async () => {
    cluster?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('copies every row into an empty database, and the app on PostgreSQL shows her the same', async () => {
    const url = await cluster.createDatabase('moved');
    const target = postgresDb(url);
    try {
      const report = await moveToPostgres(path.join(dataDir, DB_FILE_NAME), target);
      const rows = Object.fromEntries(report.tables.map(({ table, rows }) => [table, rows]));
      expect(Object.keys(rows)).toEqual(TABLES_IN_ORDER);
      expect(rows.users).toBe(1);
      expect(rows.chats).toBe(2);
      expect(rows.messages).toBe(6);
      expect(rows.sessions).toBe(1);
      // Every table of the schema is moved (schema_migrations is the target's own).
      const tables = await target.introspection.getTables();
      expect(tables.map((table) => table.name).sort()).toEqual(
        [...TABLES_IN_ORDER, 'schema_migrations'].sort(),
      );
    } finally {
      await target.destroy();
    }

    const moved = await startTestServer({ dataDir, env: { DATABASE_URL: url } });
    try {
      const client = new Client(moved.url);
      for (const [name, value] of cookies) client.cookies.set(name, value);
      // Her session moved with her: the same cookie is signed in, to the same data.
      expect(await hersSeenBy(client)).toEqual(before);
      const storage = await moved.db
        .selectFrom('users')
        .select('storage_bytes')
        .executeTakeFirstOrThrow();
      expect(storage.storage_bytes).toBe(storageBefore);
      // And the app goes on from there: a new message gets the chat's next place and a reply.
      const chatId = (before.chats as { id: string }[])[0]!.id;
      const sent = await client.post(`/api/chats/${chatId}/messages`, { message: 'After' });
      expect(sent.status).toBe(201);
      expect(sent.body.reply.isUser).toBe(false);
    } finally {
      await moved.stop({ keepData: true });
    }
  }, 60_000);

  it('refuses a database that already holds data, and a run without DATABASE_URL, changing nothing', async () => {
    const url = await cluster.createDatabase('taken');
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url, NODE_ENV: 'test' };
    const script = path.join(root, 'scripts/migrate-sqlite-to-postgres.ts');
    const tsx = path.join(root, 'node_modules/.bin/tsx');
    const first = await run(tsx, [script], { env, cwd: root });
    expect(first.stdout).toContain('users: 1');
    const second = run(tsx, [script], { env, cwd: root });
    await expect(second).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('already holds data'),
    });
    const db = postgresDb(url);
    try {
      const { count } = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(6);
    } finally {
      await db.destroy();
    }
    const { DATABASE_URL: _url, ...withoutUrl } = env;
    const noUrl = run(tsx, [script], { env: withoutUrl, cwd: root });
    await expect(noUrl).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Set DATABASE_URL'),
    });
  }, 60_000);
});
