import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../../sync-server/src/db/open';
import { listeningUrl, spawnMain } from './fakes/main';
import { createChat, pullAll, push, sendMessage } from './fakes/sync';
import { Client, dataEnvOf, makeDataDir, onPostgres, withDataOf } from './harness';

const CLIENTS = 4;
/** Requests each client keeps in flight, one after another in each lane. */
const LANES = 3;
const MESSAGES = 120;
/** The server is killed once this many sends were acknowledged: mid-burst. */
const KILL_AFTER_ACKS = 40;
/** Two server starts (tsx compiles at each), four password hashes, a burst. */
const TIMEOUT_MS = 90_000;

const children: ReturnType<typeof spawnMain>[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const main of children.splice(0)) main.child.kill('SIGKILL');
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function startMain(dataDir: string) {
  const main = spawnMain({
    PORT: '0',
    HOST: '127.0.0.1',
    ...dataEnvOf(dataDir),
    LOG_LEVEL: 'info',
    REPLY_LIMIT_FREE_PER_HOUR: '1000',
  });
  children.push(main);
  return { ...main, url: await listeningUrl(main.child.stdout) };
}

interface Send {
  client: number;
  chatId: string;
  messageId: string;
  text: string;
}

/** Her client with one chat. */
async function clientWithChat(url: string): Promise<{ client: Client; chatId: string }> {
  const client = new Client(url);
  const email = `burst-${randomUUID()}@example.com`;
  expect((await client.post('/api/register', { email, password: 'burst-pass-1' })).status).toBe(
    201,
  );
  const chatId = randomUUID();
  expect((await push(client, [createChat(chatId)])).body.results[0].status).toBe('applied');
  return { client, chatId };
}

/** The sends the database holds, by message id, with their text. */
async function stored(dataDir: string, ids: string[]): Promise<Map<string, string>> {
  const rows = await withDataOf(dataDir, async (db) => {
    const found: { id: string; content: string }[] = [];
    for (const id of ids) {
      const row = await db
        .selectFrom('messages')
        .select(['id', 'content'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (row) found.push(row);
    }
    return found;
  });
  return new Map(rows.map((row) => [row.id, row.content] as const));
}

/** SQLite's own checks of the file (PostgreSQL's crash recovery is its own business). */
function check(dataDir: string) {
  const db = new Database(path.join(dataDir, DB_FILE_NAME), { readonly: true });
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      foreignKeys: db.pragma('foreign_key_check'),
    };
  } finally {
    db.close();
  }
}

describe('a crash in the middle of a burst of sends', () => {
  it(
    'SIGKILL mid-burst: after a restart the database is intact and every acknowledged message is there',
    async () => {
      const dataDir = await makeDataDir();
      dirs.push(dataDir);
      const first = await startMain(dataDir);
      const hers: { client: Client; chatId: string }[] = [];
      for (let n = 0; n < CLIENTS; n += 1) hers.push(await clientWithChat(first.url));

      const sends: Send[] = Array.from({ length: MESSAGES }, (_, n) => ({
        client: n % CLIENTS,
        chatId: hers[n % CLIENTS]!.chatId,
        messageId: randomUUID(),
        text: `burst message ${n} ${randomUUID()}`,
      }));
      const acknowledged: Send[] = [];
      const failed: Send[] = [];
      let killed = false;
      const sendOne = async (send: Send) => {
        try {
          const answer = await push(hers[send.client]!.client, [
            sendMessage(send.chatId, send.text, send.messageId),
          ]);
          const ok = answer.status === 200 && answer.body.results[0]?.status === 'applied';
          (ok ? acknowledged : failed).push(send);
        } catch {
          failed.push(send);
        }
        if (!killed && acknowledged.length >= KILL_AFTER_ACKS) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      };
      const lanes = Array.from({ length: CLIENTS * LANES }, (_, lane) =>
        sends.filter((_send, n) => n % (CLIENTS * LANES) === lane),
      );
      await Promise.all(
        lanes.map(async (lane) => {
          for (const send of lane) await sendOne(send);
        }),
      );
      await first.exited;
      expect(killed).toBe(true);
      // The kill landed mid-burst: some sends were answered, later ones never were.
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(failed.length).toBeGreaterThan(0);

      const second = await startMain(dataDir);
      if (!onPostgres) expect(check(dataDir)).toEqual({ integrity: 'ok', foreignKeys: [] });
      const found = await stored(
        dataDir,
        acknowledged.map((send) => send.messageId),
      );
      for (const send of acknowledged) expect(found.get(send.messageId)).toBe(send.text);

      // And she sees them: her session survived too, and the pull has every one of hers.
      const client = new Client(second.url);
      for (const [name, value] of hers[0]!.client.cookies) client.cookies.set(name, value);
      const pulled = await pullAll(client);
      const pulledIds = new Set(pulled.messages.map((message) => message.id));
      for (const send of acknowledged.filter((each) => each.client === 0)) {
        expect(pulledIds.has(send.messageId)).toBe(true);
      }

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    },
    TIMEOUT_MS,
  );
});
