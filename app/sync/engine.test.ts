import Dexie from 'dexie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@shared/user';
import { clearLocalData, findChat } from '../db/chats';
import { messagesOf } from '../db/wholeChat';
import { BestiesDb, db } from '../db/db';
import { outboxInOrder, queueDeleteChat, queueMessage, queueNewChat } from '../db/outbox';
import { queueRenameChat } from '../db/renameChat';
import { pullCursor, savePulledPage } from '../db/serverRows';
import { claimDevice } from '../db/account';
import { aChat, aMessage } from '../db/testData';
import { ApiError } from '../http/client';
import { createSyncEngine, type SyncStatus } from './engine';
import { FakeSyncServer } from './server.fake';

const CASSIE = aChat({ id: 'x' }).persona;
let server: FakeSyncServer;
let online: boolean;
let statuses: SyncStatus[];

const engine = () =>
  createSyncEngine({
    transport: server,
    isOnline: () => online,
    onStatus: (status) => statuses.push(status),
    retryDelayMs: () => 60_000,
  });

beforeEach(async () => {
  await clearLocalData();
  server = new FakeSyncServer();
  online = true;
  statuses = [];
});

describe('the sync engine', () => {
  it('pushes the outbox in the order she wrote, then pulls, and empties the outbox', async () => {
    await queueNewChat({ chatId: 'c1', persona: CASSIE });
    await queueMessage({ chatId: 'c1', messageId: 'm1', text: 'first' });
    await queueMessage({ chatId: 'c1', messageId: 'm2', text: 'second' });
    const sync = engine();
    await sync.sync();
    expect(server.received.map((m) => m.type)).toEqual([
      'createChat',
      'sendMessage',
      'sendMessage',
    ]);
    expect(await outboxInOrder()).toEqual([]);
    // The push is acknowledged with her messages and their places; replies come later.
    expect((await messagesOf('c1')).map((m) => [m.id, m.status, m.seq])).toEqual([
      ['m1', 'sent', 1],
      ['m2', 'sent', 2],
    ]);
    expect(statuses).toEqual(['syncing', 'idle']);
    expect(sync.status()).toBe('idle');
  });

  it('brings a reply written after the push with the next pull, in its place', async () => {
    await queueMessage({ chatId: 'c1', messageId: 'm1', text: 'hi', newChat: { persona: CASSIE } });
    const sync = engine();
    await sync.sync();
    server.writeReply('m1');
    await sync.sync();
    expect((await messagesOf('c1')).map((m) => [m.id, m.isUser, m.seq])).toEqual([
      ['m1', true, 1],
      ['reply-m1', false, 2],
    ]);
  });

  it('shows why a reply failed, and a retry sends the same message id in a new mutation', async () => {
    server.replyWith = () => ({ failure: 'No reply' });
    await queueMessage({ chatId: 'c1', messageId: 'm1', text: 'hi', newChat: { persona: CASSIE } });
    const sync = engine();
    await sync.sync();
    server.writeReply('m1');
    await sync.sync();
    expect(await messagesOf('c1')).toMatchObject([{ id: 'm1', replyError: 'No reply' }]);

    server.replyWith = () => ({ pieces: ['Back!'] });
    const [sent] = await messagesOf('c1');
    await queueMessage({ chatId: 'c1', messageId: 'm1', text: 'hi', retry: { seq: sent!.seq } });
    expect(await messagesOf('c1')).toMatchObject([{ status: 'pending', replyError: null }]);
    await sync.sync();
    server.writeReply('m1');
    await sync.sync();
    expect((await messagesOf('c1')).map((m) => [m.message, m.replyError])).toEqual([
      ['hi', null],
      ['Back!', null],
    ]);
    const sends = server.received.map((m) => (m.type === 'createChat' ? m.chat.messageId : m));
    expect(sends).toHaveLength(2);
  });

  it('keeps everything queued while offline', async () => {
    await queueMessage({ chatId: 'c1', messageId: 'm1', text: 'on the train' });
    online = false;
    await engine().sync();
    expect(statuses).toEqual(['offline']);
    expect(server.received).toEqual([]);
    expect(await outboxInOrder()).toHaveLength(1);
    expect((await messagesOf('c1'))[0]?.status).toBe('pending');
  });

  it('says offline when the server cannot be reached though the browser thinks it is online, and tries again until it can', async () => {
    // A dead Wi-Fi or a reload while offline: navigator.onLine may say true, and no `online`
    // event comes. She sees the offline banner, not a silent failure, and it clears on its own.
    await queueMessage({ chatId: 'c1', messageId: 'm1', text: 'still there?' });
    server.failNext = 3;
    const sync = createSyncEngine({
      transport: server,
      isOnline: () => true,
      onStatus: (status) => statuses.push(status),
      retryDelayMs: () => 5,
    });
    await sync.sync();
    expect(statuses).toEqual(['syncing', 'offline']);
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('idle'));
    sync.stop();
    // The retries while unreachable kept saying offline: no flicker back to 'syncing'.
    expect(statuses).toEqual(['syncing', 'offline', 'idle']);
    expect(server.applied).toHaveLength(1);
  });

  it('retries a push that failed with the same mutation ids; the server applies it once', async () => {
    await queueMessage({ chatId: 'c1', messageId: 'm1', text: 'hello?' });
    server.failNext = 1;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sync = engine();
    await sync.sync();
    // No answer at all: she is told she is offline (even if the browser thinks it is online).
    expect(sync.status()).toBe('offline');
    // A network that drops is expected, not an error to log; a server error is logged.
    expect(logged).not.toHaveBeenCalled();
    server.failNext = 1;
    server.failWith = () => new ApiError(500, 'Internal Server Error', '');
    await sync.sync();
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
    expect(await outboxInOrder()).toHaveLength(1);
    // The answer of a push can also be lost after the server applied it.
    const [entry] = await outboxInOrder();
    await server.push([entry!.mutation]);
    await sync.sync();
    sync.stop();
    expect(server.received.map((m) => m.id)).toEqual([entry!.mutation.id, entry!.mutation.id]);
    expect(server.applied).toEqual([entry!.mutation.id]);
    expect(await outboxInOrder()).toEqual([]);
    expect(statuses.at(-1)).toBe('idle');
  });

  it('pulls every page and stores the cursor with its rows', async () => {
    server.pageSize = 2;
    for (const id of ['a', 'b', 'c', 'd', 'e']) server.change({ kind: 'chat', row: aChat({ id }) });
    await engine().sync();
    expect(await pullCursor()).toBe(5);
    expect(await db.chats.count()).toBe(5);
  });

  it('asks for the next page while storing this one, and stores the pages in order', async () => {
    server.pageSize = 2;
    for (const id of ['a', 'b', 'c', 'd', 'e']) server.change({ kind: 'chat', row: aChat({ id }) });
    const asked: { cursor: number; stored: number }[] = [];
    const pull = server.pull;
    server.pull = async (cursor) => {
      asked.push({ cursor, stored: await pullCursor() });
      return pull(cursor);
    };
    await engine().sync();
    expect(asked.map((call) => call.cursor)).toEqual([0, 2, 4]);
    // Page 2 was asked for before page 1 was stored.
    expect(asked[1]?.stored).toBe(0);
    expect(await pullCursor()).toBe(5);
    expect(await db.chats.count()).toBe(5);
  });

  it('drops the page asked for ahead when this one cannot be stored, and tries again later', async () => {
    server.pageSize = 1;
    server.change({ kind: 'chat', row: aChat({ id: 'a', title: undefined as never }) });
    server.change({ kind: 'chat', row: aChat({ id: 'b' }) });
    const broken = aMessage({ id: undefined as unknown as string, chatId: 'a' });
    const pull = server.pull;
    server.pull = async (cursor) => {
      const page = await pull(cursor);
      return cursor === 0 ? { ...page, messages: [broken] } : page;
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await engine().sync();
    errors.mockRestore();
    expect(statuses.at(-1)).toBe('error-will-retry');
    expect(await pullCursor()).toBe(0);
    expect(await db.chats.count()).toBe(0);
  });

  it('never moves the cursor past rows that were not stored', async () => {
    const broken = aMessage({ id: undefined as unknown as string });
    await expect(
      savePulledPage({
        chats: [aChat({ id: 'a' })],
        messages: [broken],
        tombstones: [],
        cursor: 7,
        hasMore: false,
      }),
    ).rejects.toThrow();
    expect(await pullCursor()).toBe(0);
    expect(await findChat('a')).toBeNull();
  });

  it('deletes a chat and its messages here when a tombstone arrives', async () => {
    server.change({ kind: 'chat', row: aChat({ id: 'gone' }) });
    server.change({ kind: 'message', row: aMessage({ id: 'g1', chatId: 'gone' }) });
    const sync = engine();
    await sync.sync();
    expect(await findChat('gone')).not.toBeNull();
    server.tombstone('gone');
    await sync.sync();
    expect(await findChat('gone')).toBeNull();
    expect(await messagesOf('gone')).toEqual([]);
  });

  it('sends a delete made offline and keeps the chat gone', async () => {
    server.change({ kind: 'chat', row: aChat({ id: 'old' }) });
    await engine().sync();
    await queueDeleteChat('old');
    expect(await findChat('old')).toBeNull();
    await engine().sync();
    expect(server.received.map((m) => m.type)).toEqual(['deleteChat']);
    expect(await findChat('old')).toBeNull();
  });

  it('renames a chat here at once, keeps the name through a pull, and sends it', async () => {
    server.change({ kind: 'chat', row: aChat({ id: 'c', title: 'he forgot' }) });
    await engine().sync();
    online = false;
    await queueRenameChat('c', '  The anniversary ');
    expect((await findChat('c'))?.title).toBe('The anniversary');
    // A page pulled before the rename reached the server still names it the old way.
    await savePulledPage({
      chats: [aChat({ id: 'c', title: 'he forgot' })],
      messages: [],
      tombstones: [],
      cursor: await pullCursor(),
      hasMore: false,
    });
    expect((await findChat('c'))?.title).toBe('The anniversary');
    online = true;
    await engine().sync();
    expect(server.received.at(-1)).toMatchObject({
      type: 'renameChat',
      chatId: 'c',
      title: 'The anniversary',
    });
    expect(await outboxInOrder()).toEqual([]);
    expect((await findChat('c'))?.title).toBe('The anniversary');
  });
});

describe('the device belongs to one user', () => {
  const user = (id: string) => ({ id, email: `${id}@example.com` }) as PublicUser;

  it("wipes another user's chats, outbox and cursor when she signs in", async () => {
    await claimDevice(user('ann'));
    await queueMessage({ chatId: 'c1', messageId: 'm1', text: "ann's secret" });
    await savePulledPage({ chats: [], messages: [], tombstones: [], cursor: 3, hasMore: false });
    await claimDevice(user('ann'));
    expect(await outboxInOrder()).toHaveLength(1);
    await claimDevice(user('bea'));
    expect(await outboxInOrder()).toEqual([]);
    expect(await messagesOf('c1')).toEqual([]);
    expect(await pullCursor()).toBe(0);
  });
});

describe('the Dexie schema', () => {
  it('upgrades version 9 to keep her memories, pulling again so none a page skipped is lost', async () => {
    const name = `upgrade-v9-${Date.now()}`;
    const before = new Dexie(name);
    before.version(9).stores({
      chats: 'id, updatedAt',
      messages: 'id, [chatId+localOrder]',
      messageBlocks: '[chatId+block]',
      drafts: 'chatId',
      settings: 'key',
      outbox: '++seq, mutation.id',
      meta: 'key',
      images: 'messageId, chatId',
      helpShown: 'key, day',
    });
    await before.table('meta').put({ key: 'cursor', value: 42 });
    await before.table('chats').put({ ...aChat({ id: 'kept' }), messages: undefined });
    before.close();
    const latest = new BestiesDb(name);
    expect(await latest.meta.get('cursor')).toBeUndefined();
    expect(await latest.chats.get('kept')).toMatchObject({ id: 'kept' });
    expect(await latest.memories.count()).toBe(0);
    latest.close();
  });

  it('upgrades version 1 to the latest, keeps her chats and messages and pulls again for their order', async () => {
    const name = `upgrade-${Date.now()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores({
      chats: 'id, updatedAt, persona.id',
      messages: 'id, chatId, timestamp, status',
    });
    await v1.table('chats').put({ ...aChat({ id: 'kept' }), messages: undefined });
    await v1.table('messages').put({ ...aMessage({ id: 'm', chatId: 'kept' }), status: 'sent' });
    // Version 1 kept no place: a row written then, and not pulled again since, has none.
    const { seq: _none, ...unplaced } = aMessage({ id: 'old', chatId: 'kept' });
    await v1.table('messages').put({ ...unplaced, status: 'sent' });
    v1.close();
    const v2 = new BestiesDb(name);
    expect(await v2.chats.get('kept')).toMatchObject({ id: 'kept' });
    expect(await v2.outbox.count()).toBe(0);
    expect(v2.verno).toBe(10);
    // Placed by the server (seq 1): kept in the chat's first block of 50 (version 8).
    expect(await v2.messageBlocks.get(['kept', 0])).toMatchObject({
      messages: [{ id: 'm', status: 'sent' }],
    });
    expect(await v2.messages.toArray()).toMatchObject([{ id: 'old' }]);
    v2.close();
  });

  it('upgrades version 5 to the latest with every message kept and only indexes that hold what they find', async () => {
    const name = `upgrade-v5-${Date.now()}`;
    const v5 = new Dexie(name);
    v5.version(5).stores({
      chats: 'id, updatedAt, persona.id',
      messages: 'id, chatId, timestamp, status, [chatId+seq], [chatId+status]',
      drafts: 'chatId',
      settings: 'key',
      outbox: '++seq, mutation.id',
      meta: 'key',
      images: 'messageId, chatId',
    });
    await v5.table('chats').put({ ...aChat({ id: 'kept' }), messages: undefined });
    const at = (second: number) => `2030-01-01T00:00:0${second}.000Z`;
    await v5.table('messages').bulkPut([
      { ...aMessage({ id: 'placed', chatId: 'kept', seq: 1 }), status: 'sent' },
      {
        ...aMessage({ id: 'later', chatId: 'kept', timestamp: at(5) }),
        seq: null,
        status: 'failed',
      },
      {
        ...aMessage({ id: 'unsent', chatId: 'kept', timestamp: at(2) }),
        seq: null,
        status: 'pending',
      },
    ]);
    v5.close();
    const latest = new BestiesDb(name);
    expect(latest.verno).toBe(10);
    // Each index is written with every row she writes: only hers not placed yet are rows now.
    expect(latest.messages.schema.indexes.map((index) => index.name)).toEqual([
      '[chatId+localOrder]',
    ]);
    expect(latest.chats.schema.indexes.map((index) => index.name)).toEqual(['updatedAt']);
    // The server's message, in its block; hers not yet placed, in the order she wrote them.
    const blocks = await latest.messageBlocks.toArray();
    expect(blocks).toMatchObject([{ chatId: 'kept', block: 0, messages: [{ id: 'placed' }] }]);
    expect(
      await latest.messages
        .where('[chatId+localOrder]')
        .between(['kept', -Infinity], ['kept', Infinity])
        .primaryKeys(),
    ).toEqual(['unsent', 'later']);
    latest.close();
  });

  it("upgrades version 7 to blocks of 50 of the server's messages in their order, and keeps hers one by one", async () => {
    const name = `upgrade-v7-${Date.now()}`;
    const v7 = new Dexie(name);
    v7.version(7).stores({
      chats: 'id, updatedAt',
      messages: 'id, [chatId+seq], [chatId+localOrder]',
      drafts: 'chatId',
      settings: 'key',
      outbox: '++seq, mutation.id',
      meta: 'key',
      images: 'messageId, chatId',
    });
    const placed = (chatId: string, seq: number) => ({
      ...aMessage({ id: `${chatId}-${seq}`, chatId, seq }),
      status: 'sent',
    });
    // Stored newest first: the blocks keep the chat's order, not the table's.
    const long = Array.from({ length: 120 }, (_, index) => placed('long', 120 - index));
    await v7.table('messages').bulkPut([
      ...long,
      placed('short', 1),
      {
        ...aMessage({ id: 'hers', chatId: 'long' }),
        seq: null,
        status: 'pending',
        localOrder: 7,
      },
    ]);
    v7.close();
    const latest = new BestiesDb(name);
    const blocks = await latest.messageBlocks.toArray();
    expect(blocks.map(({ chatId, block, messages }) => [chatId, block, messages.length])).toEqual([
      ['long', 0, 50],
      ['long', 1, 50],
      ['long', 2, 20],
      ['short', 0, 1],
    ]);
    const seqs = blocks.flatMap((block) => block.messages.map((message) => message.seq));
    expect(seqs.slice(0, 120)).toEqual(Array.from({ length: 120 }, (_, index) => index + 1));
    expect(await latest.messages.toArray()).toMatchObject([
      { id: 'hers', status: 'pending', localOrder: 7 },
    ]);
    latest.close();
  });

  it('forgets the version 2 cursor, so the next pull gives every message its place', async () => {
    const name = `upgrade-v2-${Date.now()}`;
    const v2 = new Dexie(name);
    v2.version(2).stores({
      chats: 'id, updatedAt, persona.id',
      messages: 'id, chatId, timestamp, status',
      drafts: 'chatId',
      settings: 'key',
      outbox: '++seq, mutation.id',
      meta: 'key',
    });
    await v2.table('meta').put({ key: 'cursor', value: 42 });
    await v2.table('meta').put({ key: 'userId', value: 'ann' });
    v2.close();
    const v3 = new BestiesDb(name);
    expect(await v3.meta.get('cursor')).toBeUndefined();
    expect(await v3.meta.get('userId')).toMatchObject({ value: 'ann' });
    v3.close();
  });
});
