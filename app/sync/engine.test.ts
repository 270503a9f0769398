import Dexie from 'dexie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@shared/user';
import { clearLocalData, findChat, messagesOf } from '../db/chats';
import { BestiesDb, db } from '../db/db';
import { outboxInOrder, queueDeleteChat, queueMessage, queueNewChat } from '../db/outbox';
import { claimDevice, pullCursor, savePulledPage } from '../db/sync';
import { aChat, aMessage } from '../db/testData';
import { createSyncEngine, type SyncStatus } from './engine';
import { FakeSyncServer } from './fakeServer';

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
    const messages = await messagesOf('c1');
    expect(messages.map((m) => [m.id, m.status])).toEqual(
      expect.arrayContaining([
        ['m1', 'sent'],
        ['reply-m1', 'sent'],
        ['m2', 'sent'],
        ['reply-m2', 'sent'],
      ]),
    );
    expect(statuses).toEqual(['syncing', 'idle']);
    expect(sync.status()).toBe('idle');
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

  it('retries a push that failed with the same mutation ids; the server applies it once', async () => {
    await queueMessage({ chatId: 'c1', messageId: 'm1', text: 'hello?' });
    server.failNext = 1;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sync = engine();
    await sync.sync();
    expect(sync.status()).toBe('error-will-retry');
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
  it('upgrades version 1 to 2 and keeps her chats and messages', async () => {
    const name = `upgrade-${Date.now()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores({
      chats: 'id, updatedAt, persona.id',
      messages: 'id, chatId, timestamp, status',
    });
    await v1.table('chats').put({ ...aChat({ id: 'kept' }), messages: undefined });
    await v1.table('messages').put({ ...aMessage({ id: 'm', chatId: 'kept' }), status: 'sent' });
    v1.close();
    const v2 = new BestiesDb(name);
    expect(await v2.chats.get('kept')).toMatchObject({ id: 'kept' });
    expect(await v2.messages.get('m')).toMatchObject({ status: 'sent' });
    expect(await v2.outbox.count()).toBe(0);
    expect(v2.verno).toBe(2);
    v2.close();
  });
});
