import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { PERSONAS } from '@shared/personas';
import type { Persona } from '@shared/personas';
import type { Config } from '../config';
import type { KyselyPlugin } from 'kysely';
import type { Db } from '../db/database';
import { openMemorySqlite } from '../db/memory';
import type { SqliteConnection } from '../db/open';
import type { Deps } from '../deps';
import { BUILTIN_HISTORY_ROWS, builtinProvider } from '../replies/builtin/engine';
import { MODEL_HISTORY_ROWS } from '../replies/prompt';
import type { ReplyRequest } from '../replies/types';
import type { UserRow } from '../users/repo';
import { SCREENSHOT_ROW_LIMIT, writeReply } from '../replies/write';
import * as repo from './repo';
import { chatPage } from './service';

/** A chat far longer than anything a reply or a page should read. */
const CHAT_LENGTH = 5000;
const T0 = Date.UTC(2030, 0, 1);

/** The connection under `db`, for seeding rows in bulk. */
let handle: SqliteConnection;
let db: Db;
let rowsRead = 0;
let requests: ReplyRequest[];
let deps: Deps;

/** Counts every row any query hands back, so a test can bound what a use case reads. */
const countingRows: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult(args) {
    rowsRead += args.result.rows.length;
    return Promise.resolve(args.result);
  },
};

/** Message `n` of the chat (1-based): hers when odd, the reply to the one before when even. */
const idOf = (n: number) => `m${n}`;

function seedChat(length: number, extra: (n: number) => { extractedText?: string } = () => ({})) {
  const insert = handle.prepare(
    `INSERT INTO messages (id, chat_id, user_id, role, content, reply_to, extracted_text,
       created_at, change_seq, chat_seq)
     VALUES (@id, 'c', 'u', @role, @content, @replyTo, @extractedText, @createdAt, @n, @n)`,
  );
  handle.transaction(() => {
    for (let n = 1; n <= length; n++) {
      const hers = n % 2 === 1;
      insert.run({
        id: idOf(n),
        role: hers ? 'user' : 'assistant',
        // A free user's history holds the teaser of a reply: its first sentence.
        content: hers ? `text ${n}` : `reply ${n}. More of it.`,
        replyTo: hers ? null : idOf(n - 1),
        extractedText: extra(n).extractedText ?? null,
        createdAt: T0 + n * 1000,
        n,
      });
    }
  })();
}

async function targetOf(n: number) {
  const userMessage = await repo.findMessage(db, idOf(n));
  const chat = await repo.findChat(db, 'c');
  if (!userMessage || !chat) throw new Error('seeded rows missing');
  return { chat, persona: PERSONAS[0] as Persona, userMessage };
}

const user = {
  id: 'u',
  email: 'u@example.com',
  name: 'Ana',
  ageRange: null,
  location: null,
} as unknown as UserRow;

beforeEach(async () => {
  ({ db, sqlite: handle } = await openMemorySqlite());
  handle
    .prepare(
      "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u', 'u@example.com', 'h', 0, 0)",
    )
    .run();
  handle
    .prepare(
      `INSERT INTO chats (id, user_id, persona_id, title, created_at, updated_at, change_seq)
     VALUES ('c', 'u', 1, 'Long', 0, 0, 0)`,
    )
    .run();
  requests = [];
  deps = {
    db: db.withPlugin(countingRows),
    // The same connection, for the rooms (users, entitlements) not moved to `db` yet.
    now: () => T0 + 10_000_000,
    logger: pino({ level: 'silent' }),
    config: { openaiModeration: false, storageQuotaBytes: 1e12 } as Config,
    replies: {
      name: 'openai',
      historyRows: MODEL_HISTORY_ROWS,
      async *generate(request: ReplyRequest) {
        requests.push(request);
        yield 'I hear you.';
      },
    },
  } as unknown as Deps;
  rowsRead = 0;
});
afterEach(async () => {
  await db.destroy();
});

describe('a reply in a chat of 5,000 messages', () => {
  it(`reads at most the newest ${MODEL_HISTORY_ROWS} messages up to hers, never the oldest`, async () => {
    seedChat(CHAT_LENGTH - 1); // ends with her message, CHAT_LENGTH - 1, not yet answered
    const target = await targetOf(CHAT_LENGTH - 1);
    rowsRead = 0;
    const reply = await writeReply(deps, { user, target });
    expect(reply?.content).toBe('I hear you.');
    expect(requests).toHaveLength(1);
    const history = requests[0]?.history.map((item) => item.content) ?? [];
    expect(history.length).toBeGreaterThan(10);
    expect(history.length).toBeLessThanOrEqual(MODEL_HISTORY_ROWS);
    expect(history.at(-1)).toBe(`text ${CHAT_LENGTH - 1}`);
    expect(history.at(-2)).toBe(`reply ${CHAT_LENGTH - 2}.`);
    expect(history).not.toContain('text 1');
    expect(history).not.toContain(`text ${CHAT_LENGTH - 1 - MODEL_HISTORY_ROWS}`);
    // The old code read the whole chat twice (about 10,000 rows).
    expect(rowsRead).toBeLessThan(4 * MODEL_HISTORY_ROWS);
  });

  it(`reads only the built-in engine's ${BUILTIN_HISTORY_ROWS} messages when it writes the reply`, async () => {
    seedChat(CHAT_LENGTH - 1);
    const builtin = builtinProvider({ pieceDelayMs: 0 });
    const generate = builtin.generate.bind(builtin);
    deps = {
      ...deps,
      replies: {
        ...builtin,
        generate: (request: ReplyRequest) => {
          requests.push(request);
          return generate(request);
        },
      },
    };
    rowsRead = 0;
    const reply = await writeReply(deps, { user, target: await targetOf(CHAT_LENGTH - 1) });
    expect(reply?.content.length).toBeGreaterThan(20);
    const history = requests[0]?.history.map((item) => item.content) ?? [];
    expect(history.length).toBeGreaterThanOrEqual(BUILTIN_HISTORY_ROWS);
    expect(history.length).toBeLessThanOrEqual(BUILTIN_HISTORY_ROWS + 1);
    expect(history.at(-1)).toBe(`text ${CHAT_LENGTH - 1}`);
    expect(rowsRead).toBeLessThan(4 * BUILTIN_HISTORY_ROWS);
  });

  it('gives the reply an id that starts with the time it was written (UUID v7)', async () => {
    seedChat(9);
    const reply = await writeReply(deps, { user, target: await targetOf(9) });
    // New rows' ids sort after older ones: a commit of many new messages adds them to the
    // last pages of the id indexes, not to a page each anywhere in them.
    const time = (T0 + 10_000_000).toString(16).padStart(12, '0');
    expect(reply?.id.replace('-', '').slice(0, 12)).toBe(time);
    expect(reply?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab]/);
  });

  it('keeps a reply that was stored after a later message of hers in its place', async () => {
    seedChat(10);
    // She sent 11 and 12 quickly; the reply to 11 was stored after 12 (chat_seq 13).
    handle
      .prepare(
        `INSERT INTO messages (id, chat_id, user_id, role, content, reply_to, created_at,
         change_seq, chat_seq)
       VALUES ('m11', 'c', 'u', 'user', 'text 11', NULL, 0, 11, 11),
              ('m12', 'c', 'u', 'user', 'text 12', NULL, 0, 12, 12),
              ('r11', 'c', 'u', 'assistant', 'reply 11. More.', 'm11', 0, 13, 13)`,
      )
      .run();
    await writeReply(deps, { user, target: await targetOf(12) });
    const history = requests[0]?.history.map((item) => item.content) ?? [];
    expect(history.slice(-3)).toEqual(['text 11', 'reply 11.', 'text 12']);
  });

  it('gives the reply her question and, beside it, the text of the screenshot sent with it', async () => {
    // 'Use this text' attaches; her words are the message, the screenshot's its text.
    seedChat(9, (n) => (n === 9 ? { extractedText: 'Jake: we should talk' } : {}));
    await writeReply(deps, { user, target: await targetOf(9) });
    expect(requests[0]?.history.at(-1)).toEqual({ role: 'user', content: 'text 9' });
    expect(requests[0]?.screenshotText).toEqual(['Jake: we should talk']);
  });

  it(`reads the text of only the newest ${SCREENSHOT_ROW_LIMIT} screenshots up to hers`, async () => {
    // Screenshots early in the chat and near its end.
    const shots = new Set([3, 5, 4001, 4003, 4005, 4007, 4009, 4011, 4013]);
    seedChat(CHAT_LENGTH - 1, (n) => (shots.has(n) ? { extractedText: `shot ${n}` } : {}));
    rowsRead = 0;
    await writeReply(deps, { user, target: await targetOf(CHAT_LENGTH - 1) });
    expect(requests[0]?.screenshotText).toEqual([
      'shot 4005',
      'shot 4007',
      'shot 4009',
      'shot 4011',
      'shot 4013',
    ]);
    expect(rowsRead).toBeLessThan(4 * MODEL_HISTORY_ROWS);
  });
});

describe('a page of a chat of 5,000 messages', () => {
  it('reads only the rows it shows, and one more', async () => {
    seedChat(CHAT_LENGTH);
    rowsRead = 0;
    const page = await chatPage(deps, { userId: 'u', chatId: 'c', query: { limit: 50 } });
    expect(page.messages.map((row) => row.chatSeq)).toEqual(
      Array.from({ length: 50 }, (_, index) => CHAT_LENGTH - 49 + index),
    );
    expect(page.hasMore).toBe(true);
    // The chat row, 50 messages and the one that says older ones are left.
    expect(rowsRead).toBe(1 + 50 + 1);
  });

  it('reads only its rows for a page before a message, too', async () => {
    seedChat(CHAT_LENGTH);
    rowsRead = 0;
    const page = await chatPage(deps, {
      userId: 'u',
      chatId: 'c',
      query: { limit: 20, before: { messageId: idOf(21) } },
    });
    expect(page.messages.map((row) => row.chatSeq)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect(page.hasMore).toBe(false);
    // The chat row, the `before` message and the 20 shown.
    expect(rowsRead).toBe(1 + 1 + 20);
  });
});
