import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearLocalData } from '../db/chats';
import { db } from '../db/db';
import { queueForgetMemory, queueSaveMemory } from '../db/memories';
import type { Memory } from '@shared/memory';
import { EMMA, LISBON } from '../db/memoryTestData';
import { queueDeleteChat, queueMessage } from '../db/outbox';
import { queueRenameChat } from '../db/renameChat';
import { savePulledPage } from '../db/serverRows';
import { aChat, aMessage } from '../db/testData';
import { useSearch } from './liveSearch';

/** Her history as the server sent it: two chats, the first long enough to span two blocks. */
async function pulledHistory() {
  await savePulledPage({
    chats: [aChat({ id: 'c1', title: 'The anniversary' }), aChat({ id: 'c2', title: 'Exam week' })],
    messages: [
      ...Array.from({ length: 60 }, (_, n) =>
        aMessage({ id: `c1-${n + 1}`, chatId: 'c1', seq: n + 1, message: `note ${n + 1}` }),
      ),
      aMessage({ id: 'c1-61', chatId: 'c1', seq: 61, message: 'he forgot our anniversary' }),
      aMessage({ id: 'c2-1', chatId: 'c2', seq: 1, message: 'chemistry exam tomorrow' }),
    ],
    tombstones: [],
    cursor: 1,
    hasMore: false,
  });
}

/**
 * What search finds for `query` now: each result as its chat, and its message if one, or as
 * the memory it is.
 */
function finds(search: ReturnType<typeof useSearch>['search'], query: string) {
  return search(query)?.hits.map(({ doc }) => {
    switch (doc.kind) {
      case 'chat':
        return doc.chatId;
      case 'message':
        return `${doc.chatId}/${doc.messageId}`;
      case 'memory':
        return `memory/${doc.memoryId}`;
    }
  });
}

/** Memories as the sync engine stores them (a pull, on top of what waits in the outbox). */
const pulledMemories = (...memories: Memory[]) =>
  savePulledPage({ chats: [], messages: [], tombstones: [], memories, cursor: 2, hasMore: false });

beforeEach(async () => {
  await clearLocalData();
  await pulledHistory();
});

describe('search over the device', () => {
  it('finds her chats by title and her messages, in blocks or not', async () => {
    const { result } = renderHook(() => useSearch(true));
    await waitFor(() => expect(finds(result.current.search, 'anniv')).toEqual(['c1', 'c1/c1-61']));
    expect(result.current.built).toBe(true);
    expect(finds(result.current.search, 'chem')).toEqual(['c2/c2-1']);
  });

  it('finds a message she has just sent, before the server has it', async () => {
    const { result } = renderHook(() => useSearch(true));
    await waitFor(() => expect(finds(result.current.search, 'chem')).toHaveLength(1));
    await queueMessage({ chatId: 'c2', messageId: 'new', text: 'the periodic table haunts me' });
    await waitFor(() => expect(finds(result.current.search, 'periodic')).toEqual(['c2/new']));
  });

  it('finds a renamed chat by its new name only', async () => {
    const { result } = renderHook(() => useSearch(true));
    await waitFor(() => expect(finds(result.current.search, 'week')).toEqual(['c2']));
    await queueRenameChat('c2', 'Finals');
    await waitFor(() => expect(finds(result.current.search, 'finals')).toEqual(['c2']));
    expect(finds(result.current.search, 'week')).toEqual([]);
  });

  it('no longer finds a chat she deleted, nor its messages', async () => {
    const { result } = renderHook(() => useSearch(true));
    await waitFor(() => expect(finds(result.current.search, 'anniv')).toHaveLength(2));
    await queueDeleteChat('c1');
    await waitFor(() => expect(finds(result.current.search, 'anniv')).toEqual([]));
    expect(finds(result.current.search, 'note')).toEqual([]);
  });

  it('finds nothing while her data here is locked', async () => {
    const { result } = renderHook(() => useSearch(true));
    await waitFor(() => expect(finds(result.current.search, 'chem')).toHaveLength(1));
    await db.meta.put({ key: 'lockedAt', value: Date.now() });
    await waitFor(() => expect(finds(result.current.search, 'chem')).toEqual([]));
  });

  it('catches up with what changed while search was not in use', async () => {
    const { result, rerender } = renderHook(({ active }) => useSearch(active), {
      initialProps: { active: true },
    });
    await waitFor(() => expect(finds(result.current.search, 'chem')).toHaveLength(1));
    rerender({ active: false });
    await queueMessage({ chatId: 'c1', messageId: 'later', text: 'prom tickets' });
    rerender({ active: true });
    await waitFor(() => expect(finds(result.current.search, 'prom')).toEqual(['c1/later']));
  });
});

describe('her memories, searched with her chats', () => {
  beforeEach(async () => {
    await pulledMemories(EMMA, LISBON);
  });

  it('finds a memory by what it is about and by what is kept of it', async () => {
    const { result } = renderHook(() => useSearch(true));
    await waitFor(() =>
      expect(finds(result.current.search, 'emm')).toEqual(['memory/emma', 'memory/lisbon']),
    );
    expect(finds(result.current.search, 'moving')).toEqual(['memory/lisbon']);
  });

  it('finds her edit of a memory, and not one she forgot, before the server has them', async () => {
    const { result } = renderHook(() => useSearch(true));
    await waitFor(() => expect(finds(result.current.search, 'lisb')).toEqual(['memory/lisbon']));
    await queueSaveMemory({ ...EMMA, detail: 'my oldest friend' });
    await queueForgetMemory('lisbon');
    await waitFor(() => expect(finds(result.current.search, 'oldest')).toEqual(['memory/emma']));
    expect(finds(result.current.search, 'lisb')).toEqual([]);
    expect(finds(result.current.search, 'best ')).toEqual([]);
    // A pull of the server's copies, older than her changes waiting to go, leaves them be.
    await pulledMemories(EMMA, LISBON);
    await waitFor(() => expect(finds(result.current.search, 'oldest')).toEqual(['memory/emma']));
    expect(finds(result.current.search, 'lisb')).toEqual([]);
  });

  it('finds no memory while her data here is locked', async () => {
    const { result } = renderHook(() => useSearch(true));
    await waitFor(() => expect(finds(result.current.search, 'lisb')).toHaveLength(1));
    await db.meta.put({ key: 'lockedAt', value: Date.now() });
    await waitFor(() => expect(finds(result.current.search, 'lisb')).toEqual([]));
  });
});
