import { randomUUID } from 'node:crypto';
import { chmod, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../../sync-server/src/db/open';
import { eventually, push, sendMessage } from './fakes/sync';
import type { Client, TestServer } from './harness';
import { LogCapture, makeDataDir, onPostgres, startTestServer } from './harness';
import { readableBody } from './mail-sink';

const EMAIL = 'private@example.com';
const OLD_PASSWORD = 'old-secret-pass-7781';
const NEW_PASSWORD = 'new-secret-pass-3305';
const FIRST_WORDS = 'my ex texted me at 3am 4d1c';
const MORE_WORDS = 'I still think about her 9e2b';
const SYNCED_WORDS = 'please keep this between us 77aa';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function start(env: Record<string, string>, logs: LogCapture): Promise<TestServer> {
  const server = await startTestServer({ env, logger: logs.logger });
  servers.push(server);
  return server;
}

/** The reset link in the newest mail of the outbox (DATA_DIR/mail). */
async function linkFromOutbox(server: TestServer): Promise<string> {
  const dir = path.join(server.dataDir, 'mail');
  const files = await eventually(async () => {
    const names = await readdir(dir).catch(() => [] as string[]);
    return names.length > 0 && names.sort();
  });
  const raw = await readFile(path.join(dir, files.at(-1)!), 'utf8');
  const link = /(https?:\/\/\S+?\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(
    readableBody(raw),
  )?.[1];
  if (!link) throw new Error(`no reset link in\n${raw}`);
  return link;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** Every value a cookie of hers has had (the jar is read after each step). */
function cookieValues(client: Client, seen: Set<string>): void {
  for (const value of client.cookies.values()) seen.add(value);
}

describe('what the server logs', () => {
  it('never writes her password, session cookie, reset token or message text (production)', async () => {
    const logs = new LogCapture();
    const server = await start({ NODE_ENV: 'production' }, logs);
    const client = server.client();
    const cookies = new Set<string>();

    expect(
      (await client.post('/api/register', { email: EMAIL, password: OLD_PASSWORD })).status,
    ).toBe(201);
    cookieValues(client, cookies);
    expect((await client.post('/api/logout')).status).toBe(200);
    expect(
      (await client.post('/api/login', { email: EMAIL, password: 'wrong-' + OLD_PASSWORD })).status,
    ).toBe(401);
    expect((await client.post('/api/login', { email: EMAIL, password: OLD_PASSWORD })).status).toBe(
      200,
    );
    cookieValues(client, cookies);

    expect((await client.post('/api/forgot-password', { email: EMAIL })).status).toBe(200);
    const token = tokenOf(await linkFromOutbox(server));
    // The link as she opens it (a page, with the token in its query) and an API call with it.
    await client.get(`/reset-password?token=${token}`);
    await client.get(`/api/user?token=${token}`);
    const reset = await client.post('/api/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect((await client.post('/api/login', { email: EMAIL, password: NEW_PASSWORD })).status).toBe(
      200,
    );
    cookieValues(client, cookies);

    const chat = await client.post('/api/chats', { message: FIRST_WORDS });
    expect(chat.status).toBe(201);
    const chatId = chat.body.id as string;
    const more = await client.post(`/api/chats/${chatId}/messages`, { message: MORE_WORDS });
    expect(more.status).toBe(201);
    const pushed = await push(client, [sendMessage(chatId, SYNCED_WORDS)]);
    expect(pushed.body.results[0].status).toBe('applied');
    // A request with a cookie and an Authorization header that mean nothing here.
    await client.get('/api/chats', { authorization: 'Bearer not-a-real-bearer-5c1f' });
    cookieValues(client, cookies);

    // The logs did see all of it happen...
    const paths = logs.requestLines().map((line) => line.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/login',
        '/api/forgot-password',
        '/reset-password',
        '/api/reset-password',
        `/api/chats/${chatId}/messages`,
        '/api/sync/push',
      ]),
    );
    expect(
      logs.lines.some(
        (line) => line.msg === 'password reset mail queued (no SMTP_URL: see DATA_DIR/mail)',
      ),
    ).toBe(true);
    // ...and kept none of what is hers.
    expect(cookies.size).toBeGreaterThanOrEqual(2);
    const secrets = [
      OLD_PASSWORD,
      NEW_PASSWORD,
      token,
      encodeURIComponent(token),
      ...cookies,
      FIRST_WORDS,
      MORE_WORDS,
      SYNCED_WORDS,
      'not-a-real-bearer-5c1f',
    ];
    const everything = logs.raw.join('');
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });

  it('logs the reset link outside production (the outbox flow works offline), never in production', async () => {
    const devLogs = new LogCapture();
    const dev = await start({ NODE_ENV: 'development' }, devLogs);
    await dev.client().post('/api/register', { email: EMAIL, password: OLD_PASSWORD });
    await dev.client().post('/api/forgot-password', { email: EMAIL });
    const devLink = await linkFromOutbox(dev);
    await eventually(async () => devLogs.lines.some((line) => line.link === devLink));
    expect(devLogs.lines.find((line) => line.link === devLink)).toMatchObject({ to: EMAIL });

    const prodLogs = new LogCapture();
    const prod = await start({ NODE_ENV: 'production' }, prodLogs);
    await prod.client().post('/api/register', { email: EMAIL, password: OLD_PASSWORD });
    await prod.client().post('/api/forgot-password', { email: EMAIL });
    const prodLink = await linkFromOutbox(prod);
    await eventually(async () =>
      prodLogs.lines.some((line) => /mail queued/.test(String(line.msg))),
    );
    expect(prodLogs.lines.some((line) => 'link' in line)).toBe(false);
    expect(prodLogs.raw.join('')).not.toContain(tokenOf(prodLink));
  });
});

describe('files in DATA_DIR', () => {
  it('keeps DATA_DIR 0700 and the session secret (and, on SQLite, the database and its WAL) 0600', async () => {
    const dataDir = await makeDataDir();
    // As a shell's mkdir would leave it: readable by everyone.
    await chmod(dataDir, 0o755);
    const server = await startTestServer({ dataDir });
    servers.push(server);
    // A write, so the WAL and its index exist.
    const client = server.client();
    await client.post('/api/register', {
      email: `${randomUUID()}@example.com`,
      password: OLD_PASSWORD,
    });

    const modeOf = async (name: string) => (await stat(path.join(dataDir, name))).mode & 0o777;
    expect(await modeOf('.')).toBe(0o700);
    // On SQLite the database is a file here too, with its WAL and the WAL's index.
    const sqliteFiles = [DB_FILE_NAME, `${DB_FILE_NAME}-wal`, `${DB_FILE_NAME}-shm`];
    for (const name of [...(onPostgres ? [] : sqliteFiles), 'session-secret']) {
      expect({ name, mode: await modeOf(name) }).toEqual({ name, mode: 0o600 });
    }
  });
});
