import { liveQuery } from 'dexie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Memory } from '@shared/memory';
import type { PullAnswer } from '@shared/sync';
import { createSyncEngine } from '../sync/engine';
import { FakeSyncServer } from '../sync/server.fake';
import { clearLocalData, toLocalChat } from './chats';
import { db } from './db';
import {
  memoriesByGroup,
  queueForgetAllMemories,
  queueForgetMemory,
  queueSaveMemory,
} from './memories';
import { aMemory, EMMA, LISBON } from './memoryTestData';
import { savePulledPage, settlePush } from './serverRows';
import { aChat } from './testData';

const MAYA = aMemory({
  id: 'maya',
  subject: 'Maya',
  detail: 'your sister',
  sourceChatId: null,
  sourceMessageId: null,
  createdAt: '2026-11-26T09:00:00.000Z',
});

/** A pulled page with these memories (and tombstones). */
function page(memories: Memory[], forgotten: string[] = [], cursor = 1): PullAnswer {
  const tombstones = forgotten.map((id) => ({ type: 'memory' as const, id }));
  return { chats: [], messages: [], tombstones, memories, cursor, hasMore: false };
}

const onDevice = async () => (await db.memories.toArray()).sort((a, b) => a.id.localeCompare(b.id));
const waiting = async () => (await db.outbox.toArray()).map(({ mutation }) => mutation);

beforeEach(async () => {
  await clearLocalData();
});

describe('her changes to what her besties remember, on this device', () => {
  it('saves her words here at once and queues saveMemory, in one transaction', async () => {
    await savePulledPage(page([EMMA]));
    const seen: string[][] = [];
    const subscription = liveQuery(async () => [
      ...(await db.memories.toArray()).map((memory) => `${memory.subject}: ${memory.detail}`),
      ...(await db.outbox.toArray()).map(({ mutation }) => mutation.type),
    ]).subscribe((view) => seen.push(view));
    await vi.waitFor(() => expect(seen).toHaveLength(1));

    await queueSaveMemory({ ...EMMA, detail: '  my oldest friend ', personaId: 2 });
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    subscription.unsubscribe();

    // Never the memory changed without its mutation, or the other way round.
    expect(seen).toEqual([['Emma: your best friend'], ['Emma: my oldest friend', 'saveMemory']]);
    expect(await db.memories.get('emma')).toMatchObject({
      detail: 'my oldest friend',
      personaId: 2,
      // Where it came from stays.
      sourceChatId: 'c1',
      sourceMessageId: 'm1',
      createdAt: EMMA.createdAt,
    });
    expect(await waiting()).toEqual([
      {
        id: expect.any(String) as string,
        type: 'saveMemory',
        memory: {
          id: 'emma',
          kind: 'person',
          subject: 'Emma',
          detail: 'my oldest friend',
          date: null,
          personaId: 2,
        },
      },
    ]);
  });

  it('keeps a memory she writes herself, from no chat', async () => {
    await queueSaveMemory({
      id: 'new',
      kind: 'like',
      subject: 'matcha',
      detail: 'you love it',
      date: null,
      personaId: null,
    });
    expect(await db.memories.get('new')).toMatchObject({
      subject: 'matcha',
      sourceChatId: null,
      sourceMessageId: null,
    });
    expect((await waiting()).map((mutation) => mutation.type)).toEqual(['saveMemory']);
  });

  it('forgets one at once and queues forgetMemory', async () => {
    await savePulledPage(page([EMMA, LISBON]));
    await queueForgetMemory('emma');
    expect((await onDevice()).map((memory) => memory.id)).toEqual(['lisbon']);
    expect(await waiting()).toEqual([
      { id: expect.any(String) as string, type: 'forgetMemory', memoryId: 'emma' },
    ]);
  });

  it('forgets every one at once and queues forgetAllMemories', async () => {
    await savePulledPage(page([EMMA, LISBON, MAYA]));
    await queueForgetAllMemories();
    expect(await onDevice()).toEqual([]);
    expect(await waiting()).toEqual([
      { id: expect.any(String) as string, type: 'forgetAllMemories' },
    ]);
  });
});

describe('what the server sends, with her waiting changes on top', () => {
  it('keeps her words for a memory whose edit still waits, over the older ones the server sends', async () => {
    await savePulledPage(page([EMMA]));
    await queueSaveMemory({ ...EMMA, subject: 'Emma R.', detail: 'my oldest friend' });
    // A pull before the push (another device touched it, or the server kept it again).
    await savePulledPage(page([{ ...EMMA, detail: 'your best friend again' }, LISBON], [], 2));
    expect(await onDevice()).toEqual([
      { ...EMMA, subject: 'Emma R.', detail: 'my oldest friend', date: null, personaId: null },
      LISBON,
    ]);
  });

  it('does not put back a memory she forgot while its forget still waits', async () => {
    await savePulledPage(page([EMMA, LISBON]));
    await queueForgetMemory('emma');
    await savePulledPage(page([EMMA, LISBON], [], 2));
    expect((await onDevice()).map((memory) => memory.id)).toEqual(['lisbon']);
  });

  it('puts back none of them while "Forget everything" waits, but keeps one she wrote after it', async () => {
    await savePulledPage(page([EMMA, LISBON]));
    await queueForgetAllMemories();
    const matcha = aMemory({
      id: 'matcha',
      kind: 'like',
      subject: 'matcha',
      detail: 'you love it',
    });
    await queueSaveMemory(matcha);
    await savePulledPage(page([EMMA, LISBON, MAYA, { ...matcha, detail: 'older' }], [], 2));
    expect((await onDevice()).map((memory) => [memory.id, memory.detail])).toEqual([
      ['matcha', 'you love it'],
    ]);
  });

  it("takes the server's memory again once her change has reached it", async () => {
    await savePulledPage(page([EMMA]));
    await queueSaveMemory({ ...EMMA, detail: 'my oldest friend' });
    const [entry] = await db.outbox.toArray();
    const fromServer = {
      ...EMMA,
      detail: 'my oldest friend',
      updatedAt: '2026-11-27T00:00:00.000Z',
    };
    await settlePush([
      {
        id: entry!.mutation.id,
        status: 'applied',
        rows: { chats: [], messages: [], tombstones: [], memories: [fromServer] },
      },
    ]);
    expect(await waiting()).toEqual([]);
    await savePulledPage(page([{ ...fromServer, detail: 'edited on her phone' }], [], 3));
    expect((await db.memories.get('emma'))?.detail).toBe('edited on her phone');
  });

  it('a forget from her other device wins over an edit still waiting here', async () => {
    await savePulledPage(page([EMMA]));
    await queueSaveMemory({ ...EMMA, detail: 'my oldest friend' });
    await savePulledPage(page([], ['emma'], 2));
    expect(await onDevice()).toEqual([]);
  });
});

describe('syncing memories with the server (fake)', () => {
  it('keeps a forget made while a pull is on its way, reads them offline, and the server hears of each forget', async () => {
    const server = new FakeSyncServer();
    let online = true;
    const sync = createSyncEngine({
      transport: server,
      isOnline: () => online,
      retryDelayMs: () => 60_000,
    });
    server.keepMemory(EMMA);
    server.keepMemory(LISBON);
    await sync.sync();
    expect((await onDevice()).map((memory) => memory.id)).toEqual(['emma', 'lisbon']);

    // The server keeps Lisbon again (she mentions it in another chat) as she forgets it here,
    // while a pull is on its way: the pull does not bring it back.
    let letPullGo = () => {};
    server.pullGate = new Promise((resolve) => (letPullGo = resolve));
    const running = sync.sync();
    server.keepMemory({ ...LISBON, detail: 'you want to go there' });
    await queueForgetMemory('lisbon');
    server.pullGate = null;
    letPullGo();
    await running;
    expect((await onDevice()).map((memory) => memory.id)).toEqual(['emma']);

    online = false;
    await queueForgetMemory('emma');
    await sync.sync();
    expect(await onDevice()).toEqual([]);
    expect([...server.memories.keys()]).toEqual(['emma', 'lisbon']);

    online = true;
    await sync.sync();
    expect([...server.memories.keys()]).toEqual([]);
    expect(await onDevice()).toEqual([]);
    expect(await waiting()).toEqual([]);
    sync.stop();
  });
});

describe('reading them grouped', () => {
  it('groups them under their headings in order, leaving out empty groups, newest first', async () => {
    const birthday = aMemory({
      id: 'birthday',
      kind: 'event',
      subject: 'your birthday',
      detail: 'May 3rd',
      date: '2027-05-03',
    });
    const exam = aMemory({
      id: 'exam',
      kind: 'event',
      subject: 'your exam',
      detail: 'tomorrow',
      date: '2026-11-26',
    });
    await savePulledPage(page([birthday, LISBON, EMMA, MAYA, exam]));
    const { groups, count } = await memoriesByGroup();
    expect(count).toBe(5);
    expect(groups.map((group) => [group.heading, group.memories.map((m) => m.id)])).toEqual([
      ['People', ['maya', 'emma']],
      ['Places', ['lisbon']],
      ['Dates', ['exam', 'birthday']],
    ]);
  });

  it('knows which chats they came from are on this device', async () => {
    await db.chats.put(toLocalChat(aChat({ id: 'c1' })));
    await savePulledPage(page([EMMA, aMemory({ id: 'other', sourceChatId: 'gone' }), MAYA]));
    expect([...(await memoriesByGroup()).chatsHere]).toEqual(['c1']);
  });

  it('shows none while her data here is locked', async () => {
    await savePulledPage(page([EMMA]));
    // Her session ended elsewhere (sessionLock.ts): the device locks her data.
    await db.meta.put({ key: 'lockedAt', value: Date.now() });
    expect(await memoriesByGroup()).toMatchObject({ groups: [], count: 0 });
  });
});
