import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { openMemoryDb } from '../db/memory';
import type { Deps } from '../deps';
import { userMessageRow } from '../replies/send';
import { changeSeqOfUser, changesSince } from './changes';
import * as repo from './repo';
import { addUsers } from '../db/testData';

let db: Db;
let deps: Deps;

beforeEach(async () => {
  db = await openMemoryDb();
  deps = { db, now: () => 0 } as unknown as Deps;
  await addUsers(db, ['u']);
  for (const id of ['a', 'b']) {
    const changeSeq = await repo.nextChangeSeq(db, 'u');
    await repo.insertChat(db, {
      id,
      userId: 'u',
      personaId: 1,
      title: '',
      createdAt: 0,
      updatedAt: 0,
      changeSeq,
    });
  }
  for (const [id, chatId] of [
    ['m1', 'a'],
    ['m2', 'b'],
  ] as const) {
    const message = userMessageRow({ message: id }, { id, chatId, userId: 'u', now: 1 });
    await repo.appendMessage(db, { message, titleIfUntitled: id });
  }
});
afterEach(async () => {
  await db.destroy();
});

describe('changesSince', () => {
  it('answers her chats and messages in change order, a page at a time, with where to go on', async () => {
    // a (1), b (2), m1 (3) and a again (4), m2 (5) and b again (6).
    expect(await changeSeqOfUser(deps, 'u')).toBe(6);
    const first = await changesSince(deps, { userId: 'u', cursor: 0, limit: 3 });
    expect(first.chats.map((chat) => [chat.id, chat.changeSeq])).toEqual([['a', 4]]);
    expect(first.messages.map((message) => message.id)).toEqual(['m1', 'm2']);
    expect(first).toMatchObject({ cursor: 5, hasMore: true });
    const rest = await changesSince(deps, { userId: 'u', cursor: first.cursor, limit: 3 });
    expect(rest.chats.map((chat) => [chat.id, chat.title])).toEqual([['b', 'm2']]);
    expect(rest).toMatchObject({ messages: [], cursor: 6, hasMore: false });
  });
});
