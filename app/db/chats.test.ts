import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@shared/chat';
import { readCrisis } from '@shared/safety/crisis';
import type { SyncRows } from '@shared/sync';
import {
  chatHoldsCrisis,
  chatsNewestFirst,
  clearLocalData,
  findChat,
  holdsMessages,
  MESSAGE_PAGE_SIZE,
  messagePageOf,
  olderPageStart,
  recentTimestampsOf,
  updateMessage,
} from './chats';
import { messagesOf } from './wholeChat';
import { db } from './db';
import { outboxInOrder, queueDeleteChat, queueMessage, queueNewChat } from './outbox';
import { savePulledPage, settlePush } from './serverRows';
import { aChat, aMessage } from './testData';

const CASSIE = aChat({ id: 'x' }).persona;
let cursor = 0;

/** What the sync engine does with a pulled page. */
function pulled(rows: Partial<SyncRows>) {
  cursor += 1;
  return savePulledPage({
    chats: [],
    messages: [],
    tombstones: [],
    ...rows,
    cursor,
    hasMore: false,
  });
}

const shown = async (chatId: string) =>
  (await messagesOf(chatId)).map((m) => `${m.message}:${m.status}`);

beforeEach(async () => {
  await clearLocalData();
});

describe('her writes on this device', () => {
  it('shows her first message at once in a chat made here, titled as the server titles it', async () => {
    const text = '  so   about last night, he texted me at 2am and I do not know what to say back ';
    await queueMessage({ chatId: 'c', messageId: 'm', text, newChat: { persona: CASSIE } });
    expect(await findChat('c')).toMatchObject({
      title: 'so about last night, he texted me at 2am and I do not know…',
    });
    expect(await messagesOf('c')).toMatchObject([{ message: text, status: 'pending' }]);
    const [entry] = await outboxInOrder();
    expect(entry?.mutation).toMatchObject({
      type: 'createChat',
      chat: { id: 'c', messageId: 'm' },
    });
  });

  it('queues a sendMessage, not a second create, in a chat the device has', async () => {
    await queueNewChat({ chatId: 'c', persona: CASSIE });
    await queueMessage({ chatId: 'c', messageId: 'm', text: 'hi', newChat: { persona: CASSIE } });
    expect((await outboxInOrder()).map((e) => e.mutation.type)).toEqual([
      'createChat',
      'sendMessage',
    ]);
  });

  it('deletes a chat, its messages and its draft at once and queues the delete', async () => {
    await pulled({ chats: [aChat({ id: 'c' })], messages: [aMessage({ id: 'p', chatId: 'c' })] });
    await queueMessage({ chatId: 'c', messageId: 'm', text: 'hi' });
    expect(await shown('c')).toEqual(['Hello:sent', 'hi:pending']);
    await db.drafts.put({ chatId: 'c', text: 'half', updatedAt: 1 });
    await queueDeleteChat('c');
    expect(await findChat('c')).toBeNull();
    expect(await messagesOf('c')).toEqual([]);
    expect(await db.drafts.get('c')).toBeUndefined();
    expect((await outboxInOrder()).at(-1)?.mutation).toMatchObject({ type: 'deleteChat' });
  });

  it('marks a message the server refused as failed, with its reason', async () => {
    await queueMessage({ chatId: 'c', messageId: 'm', text: 'hi', newChat: { persona: CASSIE } });
    const [entry] = await outboxInOrder();
    await settlePush([
      {
        id: entry!.mutation.id,
        status: 'rejected',
        error: { status: 403, message: 'Subscribe to chat with this bestie', code: 'x' },
        rows: { chats: [], messages: [], tombstones: [] },
      },
    ]);
    expect(await outboxInOrder()).toEqual([]);
    expect(await messagesOf('c')).toMatchObject([
      { status: 'failed', failure: 'Subscribe to chat with this bestie' },
    ]);
  });
});

describe('message order', () => {
  const message = (id: string, seq: number, timestamp: string, isUser = true): ChatMessage =>
    aMessage({ id, chatId: 'c', seq, timestamp, isUser, message: id });

  it("follows the server's sequence, never the clocks", async () => {
    // A reply stamped hours before her message (the clocks disagree) still comes after it.
    await pulled({
      chats: [aChat({ id: 'c' })],
      messages: [
        message('reply', 2, '2026-11-25T04:00:00.000Z', false),
        message('hers', 1, '2026-11-25T10:00:00.000Z'),
      ],
    });
    expect(await shown('c')).toEqual(['hers:sent', 'reply:sent']);
  });

  it('puts messages still on their way after the confirmed ones, in the order she wrote them', async () => {
    await pulled({
      chats: [aChat({ id: 'c' })],
      messages: [message('one', 1, '2030-01-01T00:00:00.000Z')],
    });
    await queueMessage({ chatId: 'c', messageId: 'two', text: 'two' });
    await queueMessage({ chatId: 'c', messageId: 'three', text: 'three' });
    expect(await shown('c')).toEqual(['one:sent', 'two:pending', 'three:pending']);
  });
});

describe('rows from the server', () => {
  it('keeps a message she sent again pending while its retry waits in the outbox', async () => {
    await pulled({
      chats: [aChat({ id: 'c' })],
      messages: [aMessage({ id: 'm', chatId: 'c', replyError: 'No reply' })],
    });
    await queueMessage({ chatId: 'c', messageId: 'm', text: 'Hello', retry: { seq: 1 } });
    // A pull that still carries the old failure does not undo her retry.
    await pulled({ messages: [aMessage({ id: 'm', chatId: 'c', replyError: 'No reply' })] });
    expect(await messagesOf('c')).toMatchObject([{ status: 'pending', replyError: null }]);
  });

  it('lists chats newest first and removes a chat deleted elsewhere', async () => {
    await pulled({
      chats: [
        aChat({ id: 'a', updatedAt: '2026-11-25T08:00:00Z' }),
        aChat({ id: 'b', updatedAt: '2026-11-25T09:00:00Z' }),
      ],
      messages: [aMessage({ id: 'm', chatId: 'a' }), aMessage({ id: 'n', chatId: 'b' })],
    });
    await queueMessage({ chatId: 'a', messageId: 'unsent', text: 'still on its way' });
    expect(await holdsMessages('a')).toBe(true);
    expect((await chatsNewestFirst()).map((c) => c.id)).toEqual(['b', 'a']);
    await pulled({ tombstones: [{ type: 'chat', id: 'a' }] });
    expect((await chatsNewestFirst()).map((c) => c.id)).toEqual(['b']);
    expect(await messagesOf('a')).toEqual([]);
    expect(await holdsMessages('a')).toBe(false);
    expect(await shown('b')).toEqual(['Hello:sent']);
  });
});

describe('reading a chat a page at a time', () => {
  const MINUTE = 60_000;
  const T0 = Date.parse('2026-11-25T00:00:00.000Z');
  /** A chat of `count` saved messages, m1 to m{count}, a minute apart, pulled in a shuffled order. */
  async function aChatOf(count: number, chatId = 'c') {
    const messages = Array.from({ length: count }, (_, i) =>
      aMessage({
        id: `${chatId}-m${i + 1}`,
        chatId,
        seq: i + 1,
        message: `m${i + 1}`,
        isUser: i % 2 === 0,
        timestamp: new Date(T0 + i * MINUTE).toISOString(),
      }),
    );
    await pulled({ chats: [aChat({ id: chatId })], messages: messages.reverse() });
  }
  const texts = (page: { messages: { message: string }[] }) => page.messages.map((m) => m.message);

  it('reads the newest page in chat order, and says older ones are there', async () => {
    await aChatOf(120);
    await aChatOf(3, 'other');
    const page = await messagePageOf('c', null);
    expect(page.messages).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(texts(page)[0]).toBe(`m${120 - MESSAGE_PAGE_SIZE + 1}`);
    expect(texts(page).at(-1)).toBe('m120');
    expect(page.messages.map((m) => m.seq)).toEqual(
      [...page.messages.map((m) => m.seq)].sort((a, b) => a! - b!),
    );
    expect(page.hasOlder).toBe(true);
  });

  it.each([1, 49, 50, 51, 99, 100, 101, 149, 151])(
    'pages through a chat of %i, pulled in two pieces, as it was sent: the same pages at every block edge',
    async (count) => {
      const seqs = (from: number, to: number) =>
        Array.from({ length: to - from + 1 }, (_, index) => from + index);
      const messages = seqs(1, count).map((seq) =>
        aMessage({ id: `m${seq}`, chatId: 'c', seq, message: `m${seq}` }),
      );
      // The later piece first: a block is filled from both of them.
      const cut = Math.ceil(count * 0.6);
      await pulled({ chats: [aChat({ id: 'c' })], messages: messages.slice(cut) });
      await pulled({ messages: messages.slice(0, cut) });
      const placesOf = (page: { messages: { seq: number | null }[] }) =>
        page.messages.map((message) => message.seq);

      const newest = await messagePageOf('c', null);
      const first = Math.max(1, count - MESSAGE_PAGE_SIZE + 1);
      expect(placesOf(newest)).toEqual(seqs(first, count));
      expect(newest.hasOlder).toBe(first > 1);
      // Back a page at a time, as she scrolls up, to the first message.
      let from = first;
      while (from > 1) {
        const before = await olderPageStart('c', from);
        expect(before).toBe(Math.max(1, from - MESSAGE_PAGE_SIZE));
        const page = await messagePageOf('c', before);
        expect(placesOf(page)).toEqual(seqs(before, count));
        expect(page.hasOlder).toBe(before > 1);
        from = before;
      }
      expect(await olderPageStart('c', 1)).toBe(1);
    },
  );

  it('writes her new message without reading the history of the chat, and finds a retried one by its place', async () => {
    await aChatOf(151);
    const where = vi.spyOn(db.messageBlocks, 'where');
    await queueMessage({ chatId: 'c', messageId: 'new', text: 'and another thing' });
    expect(where).not.toHaveBeenCalled();
    // A retry of a placed message whose reply failed reads the one block that holds it.
    await queueMessage({ chatId: 'c', messageId: 'c-m7', text: 'm7', retry: { seq: 7 } });
    expect(where).toHaveBeenCalledTimes(1);
    where.mockRestore();
    const page = await messagePageOf('c', 1);
    expect(page.messages.find((message) => message.id === 'c-m7')).toMatchObject({
      seq: 7,
      status: 'pending',
    });
    expect(page.messages.at(-1)).toMatchObject({ id: 'new', status: 'pending' });
    expect(page.messages).toHaveLength(152);
  });

  it('puts hers still unsent (pending or refused) last, in the order she wrote them', async () => {
    await aChatOf(60);
    await queueMessage({ chatId: 'c', messageId: 'two', text: 'unsent one' });
    await queueMessage({ chatId: 'c', messageId: 'three', text: 'unsent two' });
    await updateMessage('c', 'two', { status: 'failed', failure: 'No' });
    const page = await messagePageOf('c', null);
    expect(texts(page).slice(-3)).toEqual(['m60', 'unsent one', 'unsent two']);
    expect(page.messages).toHaveLength(MESSAGE_PAGE_SIZE + 2);
  });

  it('reads the page before, then everything from there on, down to the first message', async () => {
    await aChatOf(120);
    const newest = await messagePageOf('c', null);
    const from = await olderPageStart('c', newest.messages[0]!.seq!);
    expect(from).toBe(120 - 2 * MESSAGE_PAGE_SIZE + 1);
    const two = await messagePageOf('c', from);
    expect(two.messages).toHaveLength(2 * MESSAGE_PAGE_SIZE);
    expect(texts(two)[0]).toBe(`m${from}`);
    expect(two.hasOlder).toBe(true);
    const first = await olderPageStart('c', from);
    expect(first).toBe(1);
    const all = await messagePageOf('c', first);
    expect(texts(all)).toEqual((await messagesOf('c')).map((m) => m.message));
    expect(all.hasOlder).toBe(false);
    // Nothing is older than the first message.
    expect(await olderPageStart('c', 1)).toBe(1);
  });

  it('reads a short chat whole, and a chat of hers alone unsent', async () => {
    await aChatOf(3);
    expect(await messagePageOf('c', null)).toMatchObject({ hasOlder: false });
    expect(texts(await messagePageOf('c', null))).toEqual(['m1', 'm2', 'm3']);
    await queueMessage({ chatId: 'n', messageId: 'n1', text: 'hi', newChat: { persona: CASSIE } });
    expect(await messagePageOf('n', null)).toMatchObject({
      messages: [{ message: 'hi', status: 'pending' }],
      hasOlder: false,
    });
  });

  it('finds a crisis far above the newest page: a crisis reply, or her words alone', async () => {
    await aChatOf(120);
    expect(await chatHoldsCrisis('c', readCrisis)).toBe(false);
    await updateMessage('c', 'c-m3', { message: 'I want to kill myself' });
    expect(await chatHoldsCrisis('c', readCrisis)).toBe(true);
    await updateMessage('c', 'c-m3', { message: 'm3' });
    await updateMessage('c', 'c-m4', { isCrisis: true });
    expect(await chatHoldsCrisis('c', readCrisis)).toBe(true);
    expect(await chatHoldsCrisis('other', readCrisis)).toBe(false);
    // Her words still on their way count too.
    await queueMessage({ chatId: 'other', messageId: 'o', text: 'I want to kill myself' });
    expect(await chatHoldsCrisis('other', readCrisis)).toBe(true);
  });

  it('reads back only as far as a span of time needs, hers unsent included', async () => {
    await aChatOf(300);
    await queueMessage({ chatId: 'c', messageId: 'new', text: 'now' });
    await updateMessage('c', 'new', { timestamp: new Date(T0 + 300 * MINUTE).toISOString() });
    const times = await recentTimestampsOf('c', 60 * MINUTE);
    // Her unsent message at minute 300, then minutes 299 back to 240 (60 minutes before it).
    expect(times).toHaveLength(1 + 60);
    expect(times.map(Date.parse).sort((a, b) => a - b)[0]).toBe(T0 + 240 * MINUTE);
    expect(await recentTimestampsOf('none', 60 * MINUTE)).toEqual([]);
  });
});
