import { liveQuery } from 'dexie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PullAnswer } from '@shared/sync';
import { clearLocalData } from './chats';
import { messagesOf } from './wholeChat';
import { db } from './db';
import { queueMessage } from './outbox';
import { pullCursor, savePulledPage } from './serverRows';
import { aChat, aMessage } from './testData';

/** A pulled page of `chats` chats of `perChat` messages each, hers and replies alternating. */
function bigPage(chats: number, perChat: number, cursor: number): PullAnswer {
  const page: PullAnswer = { chats: [], messages: [], tombstones: [], cursor, hasMore: false };
  for (let c = 0; c < chats; c += 1) {
    page.chats.push(aChat({ id: `chat-${c}` }));
    for (let m = 1; m <= perChat; m += 1) {
      page.messages.push(
        aMessage({ id: `m-${c}-${m}`, chatId: `chat-${c}`, seq: m, isUser: m % 2 === 1 }),
      );
    }
  }
  return page;
}

beforeEach(async () => {
  await clearLocalData();
});

describe('storing a pulled page', () => {
  it('stores a page of thousands of rows and its cursor at once: a screen never sees half of it', async () => {
    const seen: number[] = [];
    const subscription = liveQuery(messagesOnDevice).subscribe((count) => seen.push(count));
    await vi.waitFor(() => expect(seen).toEqual([0]));
    await savePulledPage(bigPage(40, 50, 2040));
    await new Promise((resolve) => setTimeout(resolve, 50));
    subscription.unsubscribe();
    expect(seen).toEqual([0, 2000]);
    // 50 messages to a record: what a fresh device's pull costs IndexedDB is its records.
    expect(await db.messageBlocks.count()).toBe(40);
    expect(await db.chats.count()).toBe(40);
    expect(await pullCursor()).toBe(2040);
    expect((await messagesOf('chat-7')).map((message) => message.seq)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
  });

  it('keeps her message pending when its resend still waits in the outbox', async () => {
    const page = bigPage(2, 2, 4);
    await queueMessage({ chatId: 'chat-1', messageId: 'm-1-1', text: 'again' });
    await savePulledPage(page);
    const [resent] = await messagesOf('chat-1');
    expect(resent).toMatchObject({ id: 'm-1-1', seq: 1, status: 'pending' });
    expect((await messagesOf('chat-0'))[0]).toMatchObject({ id: 'm-0-1', status: 'sent' });
  });

  it('adds the later messages of a chat to the block its earlier ones are in, a newer copy replacing the old', async () => {
    const first = bigPage(1, 30, 30);
    await savePulledPage(first);
    const later = bigPage(1, 60, 60);
    later.messages = later.messages.slice(29);
    later.messages[0] = { ...later.messages[0]!, replyError: 'Her reply failed.' };
    await savePulledPage(later);
    const messages = await messagesOf('chat-0');
    expect(messages.map((message) => message.seq)).toEqual(
      Array.from({ length: 60 }, (_, index) => index + 1),
    );
    expect(messages[29]).toMatchObject({ id: 'm-0-30', replyError: 'Her reply failed.' });
    expect(await db.messageBlocks.count()).toBe(2);
  });

  it('keeps her message once, in its place, when the server has placed it', async () => {
    await queueMessage({ chatId: 'chat-0', messageId: 'mine', text: 'hi' });
    expect(await db.messages.count()).toBe(1);
    const page = bigPage(1, 3, 3);
    page.messages.push(aMessage({ id: 'mine', chatId: 'chat-0', seq: 4, message: 'hi' }));
    await savePulledPage(page);
    expect((await messagesOf('chat-0')).map((message) => message.id)).toEqual([
      'm-0-1',
      'm-0-2',
      'm-0-3',
      'mine',
    ]);
    expect(await db.messages.count()).toBe(0);
  });

  it('refuses a page with a message that has no place, and keeps nothing of it', async () => {
    const page = bigPage(2, 3, 6);
    page.messages[4] = { ...page.messages[4]!, seq: null as unknown as number };
    await expect(savePulledPage(page)).rejects.toThrow('A placed message needs an id and a place');
    expect(await db.chats.count()).toBe(0);
    expect(await messagesOf('chat-0')).toEqual([]);
    expect(await pullCursor()).toBe(0);
  });
});

/** Every message on the device: the server's in their blocks, and hers not placed yet. */
async function messagesOnDevice(): Promise<number> {
  const blocks = await db.messageBlocks.toArray();
  const placed = blocks.reduce((count, block) => count + block.messages.length, 0);
  return placed + (await db.messages.count());
}

describe("the server's care mode", () => {
  it("keeps a chat's careUntil and a reply's helpCard when the server sends them", async () => {
    const careUntil = '2026-11-26T10:00:00.000Z';
    const chat = { ...aChat({ id: 'c-care' }), careUntil };
    const reply = {
      ...aMessage({ id: 'r', chatId: 'c-care', seq: 2, isUser: false, isTeaser: true }),
      helpCard: true,
    };
    await savePulledPage({
      chats: [chat],
      messages: [aMessage({ id: 'u', chatId: 'c-care' }), reply],
      tombstones: [],
      cursor: 3,
      hasMore: false,
    });
    expect((await db.chats.get('c-care'))?.careUntil).toBe(careUntil);
    const stored = (await messagesOf('c-care')).find((message) => message.id === 'r');
    expect(stored?.helpCard).toBe(true);
  });

  it('has none from a server that sends none', async () => {
    // A server from before care mode: its chats carry no careUntil at all.
    const { careUntil: _none, ...old } = aChat({ id: 'c-old' });
    await savePulledPage({
      chats: [old as ReturnType<typeof aChat>],
      messages: [],
      tombstones: [],
      cursor: 1,
      hasMore: false,
    });
    expect(await db.chats.get('c-old')).not.toHaveProperty('careUntil');
  });
});

describe('her memories in a pulled page', () => {
  const emma = {
    id: 'mem-1',
    kind: 'person' as const,
    subject: 'Emma',
    detail: 'your best friend',
    date: null,
    personaId: null,
    sourceMessageId: 'm-1',
    sourceChatId: 'chat-1',
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
  };

  it('are kept on the device, and one forgotten goes without touching a chat of the same id', async () => {
    await savePulledPage({
      chats: [aChat({ id: 'mem-2' })],
      messages: [],
      tombstones: [],
      memories: [emma, { ...emma, id: 'mem-2', subject: 'Lisbon', kind: 'place' }],
      cursor: 3,
      hasMore: false,
    });
    expect((await db.memories.toArray()).map((memory) => memory.subject)).toEqual([
      'Emma',
      'Lisbon',
    ]);
    await savePulledPage({
      chats: [],
      messages: [],
      tombstones: [{ type: 'memory', id: 'mem-2' }],
      cursor: 4,
      hasMore: false,
    });
    expect(await db.memories.toArray()).toEqual([emma]);
    expect(await db.chats.get('mem-2')).toBeDefined();
  });
});
