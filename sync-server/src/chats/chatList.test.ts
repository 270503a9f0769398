import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { LegacyDb as Db } from '../db/open';
import type { Deps } from '../deps';
import { createChatList, createChatPages } from './chatList';
import type { KeptAnswer } from '../http/keptAnswers';
import * as repo from './repo';

let db: Db;
/** How many times a user's chats were read from the database. */
let listReads: number;
/** How many times pages of messages were read. */
let pageReads: number;

function addUser(id: string) {
  db.prepare(
    `INSERT INTO users (id, email, password_hash, created_at, updated_at)
     VALUES (?, ?, 'h', 0, 0)`,
  ).run(id, `${id}@example.com`);
}

function addChat(userId: string, title: string) {
  db.transaction(() => {
    repo.insertChat(db, {
      id: `${userId}-${title}`,
      userId,
      personaId: 1,
      title,
      createdAt: 0,
      updatedAt: repo.changeSeqOf(db, userId),
      changeSeq: repo.nextChangeSeq(db, userId),
    });
  })();
}

const titles = async (answer: Promise<KeptAnswer>) => {
  const { bytes, encoding } = await answer;
  const json = encoding === 'br' ? brotliDecompressSync(bytes) : bytes;
  return (JSON.parse(json.toString()) as { title: string }[]).map((c) => c.title);
};

beforeEach(() => {
  db = openDatabase(':memory:');
  migrate(db);
  listReads = 0;
  pageReads = 0;
  // Counts the runs of the list's and the pages' statements (prepared once: the connection
  // keeps them).
  const prepare = db.prepare.bind(db);
  const counted = new WeakSet<object>();
  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    const isList = sql.includes('FROM chats WHERE user_id = ? AND deleted_at IS NULL');
    const isPage = /FROM messages\s+WHERE chat_id/.test(sql);
    if ((!isList && !isPage) || counted.has(statement)) return statement;
    counted.add(statement);
    const all = statement.all.bind(statement);
    statement.all = (...args: unknown[]) => {
      if (isList) listReads += 1;
      else pageReads += 1;
      return all(...args);
    };
    return statement;
  }) as Db['prepare'];
  addUser('ana');
  addUser('bea');
});
afterEach(() => db.close());

describe('createChatList', () => {
  it('reads her chats once while nothing of hers changes, and again after each write', async () => {
    const chatList = createChatList(db);
    expect(await titles(chatList('ana'))).toEqual([]);
    addChat('ana', 'one');
    expect(await titles(chatList('ana'))).toEqual(['one']);
    expect(await titles(chatList('ana'))).toEqual(['one']);
    expect(listReads).toBe(2);
    addChat('bea', 'hers');
    expect(await titles(chatList('ana'))).toEqual(['one']);
    expect(await titles(chatList('bea'))).toEqual(['hers']);
    expect(listReads).toBe(3);
    addChat('ana', 'two');
    expect(await titles(chatList('ana'))).toEqual(['two', 'one']);
    expect(listReads).toBe(4);
  });

  it('keeps no more bytes than it is given: the least recently asked list goes first', async () => {
    addChat('ana', 'one');
    addChat('bea', 'hers');
    const size = (await createChatList(db)('ana')).bytes.length;
    listReads = 0;
    const chatList = createChatList(db, size + 1);
    await chatList('ana');
    await chatList('ana');
    expect(listReads).toBe(1);
    await chatList('bea'); // Ana's list goes: both would not fit.
    expect(await titles(chatList('ana'))).toEqual(['one']);
    expect(listReads).toBe(3);
    expect(await titles(chatList('ana'))).toEqual(['one']);
    expect(listReads).toBe(3);
  });

  it('compresses her list once per version for a browser taking brotli, and keeps it', async () => {
    for (let n = 0; n < 20; n += 1) addChat('ana', `chat number ${n}`);
    const chatList = createChatList(db);
    const plain = await chatList('ana');
    const first = await chatList('ana', 'br');
    expect(first.encoding).toBe('br');
    expect(first.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(brotliDecompressSync(first.bytes).equals(plain.bytes)).toBe(true);
    // The same bytes again, not compressed anew, until her chats change.
    expect((await chatList('ana', 'br')).bytes).toBe(first.bytes);
    addChat('ana', 'a new one');
    const after = await chatList('ana', 'br');
    expect(after.bytes).not.toBe(first.bytes);
    expect(await titles(Promise.resolve(after))).toContain('a new one');
  });

  it('answers a short list as it is: compressing it would save nothing', async () => {
    addChat('ana', 'one');
    expect(await createChatList(db)('ana', 'br')).toMatchObject({ encoding: null });
  });
});

describe('createChatPages', () => {
  const pageOf = async (answer: Promise<KeptAnswer>) =>
    JSON.parse((await answer).bytes.toString()) as { title: string; hasMore: boolean };

  it('reads a page once per version of her data, plan and page asked for', async () => {
    addChat('ana', 'one');
    const chatPages = createChatPages({ db, now: Date.now } as unknown as Deps);
    const ask = (tier: 'free' | 'premium' = 'free', limit = 100) =>
      pageOf(chatPages({ userId: 'ana', chatId: 'ana-one', tier, query: { limit } }));
    expect(await ask()).toMatchObject({ title: 'one', hasMore: false });
    await ask();
    expect(pageReads).toBe(1);
    await ask('premium');
    await ask('free', 10);
    expect(pageReads).toBe(3);
    await ask();
    expect(pageReads).toBe(3);
    addChat('ana', 'two');
    await ask();
    expect(pageReads).toBe(4);
  });

  it('keeps nothing for a chat that is not hers: it is a 404 every time', async () => {
    addChat('ana', 'one');
    const chatPages = createChatPages({ db, now: Date.now } as unknown as Deps);
    await chatPages({ userId: 'ana', chatId: 'ana-one', tier: 'free', query: { limit: 100 } });
    const nosy = { userId: 'bea', chatId: 'ana-one', tier: 'free' as const, query: { limit: 100 } };
    await expect(chatPages(nosy)).rejects.toMatchObject({ status: 404 });
    await expect(chatPages(nosy)).rejects.toMatchObject({ status: 404 });
  });
});
