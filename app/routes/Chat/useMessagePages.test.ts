import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearLocalData, MESSAGE_PAGE_SIZE } from '../../db/chats';
import { queueMessage } from '../../db/outbox';
import { savePulledPage } from '../../db/serverRows';
import { aChat, aMessage } from '../../db/testData';
import { useMessagePages } from './useMessagePages';

let cursor = 0;

/** A chat of `count` saved messages, m1 to m{count}, as the sync engine stores them. */
async function aChatOf(chatId: string, count: number) {
  cursor += 1;
  await savePulledPage({
    chats: [aChat({ id: chatId })],
    messages: Array.from({ length: count }, (_, i) =>
      aMessage({ id: `${chatId}-${i + 1}`, chatId, seq: i + 1, message: `m${i + 1}` }),
    ),
    tombstones: [],
    cursor,
    hasMore: false,
  });
}

const texts = (pages: { messages?: { message: string }[] }) =>
  (pages.messages ?? []).map((m) => m.message);

beforeEach(async () => {
  await clearLocalData();
});

describe('the open chat, a page at a time', () => {
  it('opens on the newest page and adds the page before each time she asks, to the first message', async () => {
    await aChatOf('c', 2 * MESSAGE_PAGE_SIZE + 20);
    const { result } = renderHook(() => useMessagePages('c'));
    await waitFor(() => expect(result.current.messages).toHaveLength(MESSAGE_PAGE_SIZE));
    expect(texts(result.current)[0]).toBe('m71');
    expect(result.current.older).toBe('more');

    act(() => result.current.loadOlder());
    // The page shown stays while the one before is read.
    expect(result.current.older).toBe('loading');
    expect(result.current.messages).toHaveLength(MESSAGE_PAGE_SIZE);
    await waitFor(() => expect(result.current.messages).toHaveLength(2 * MESSAGE_PAGE_SIZE));
    expect(texts(result.current)[0]).toBe('m21');
    expect(result.current.older).toBe('more');

    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.older).toBe('none'));
    expect(texts(result.current)).toEqual(Array.from({ length: 120 }, (_, i) => `m${i + 1}`));
    // Nothing more to read: asking again changes nothing.
    act(() => result.current.loadOlder());
    expect(result.current.older).toBe('none');
  });

  it('keeps what she has read back to when new messages come in below', async () => {
    await aChatOf('c', 2 * MESSAGE_PAGE_SIZE);
    const { result } = renderHook(() => useMessagePages('c'));
    await waitFor(() => expect(result.current.older).toBe('more'));
    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.older).toBe('none'));
    await queueMessage({ chatId: 'c', messageId: 'new', text: 'and another thing' });
    await waitFor(() => expect(texts(result.current).at(-1)).toBe('and another thing'));
    expect(texts(result.current)[0]).toBe('m1');
  });

  it('starts another chat at its newest page', async () => {
    await aChatOf('a', 2 * MESSAGE_PAGE_SIZE);
    await aChatOf('b', 2 * MESSAGE_PAGE_SIZE);
    const { result, rerender } = renderHook(({ chatId }) => useMessagePages(chatId), {
      initialProps: { chatId: 'a' },
    });
    await waitFor(() => expect(result.current.older).toBe('more'));
    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.messages).toHaveLength(2 * MESSAGE_PAGE_SIZE));

    rerender({ chatId: 'b' });
    // Never the other chat's messages, not even for a moment.
    expect(result.current.messages?.[0]?.chatId ?? 'b').toBe('b');
    await waitFor(() => expect(result.current.messages?.[0]?.chatId).toBe('b'));
    expect(result.current.messages).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(result.current.older).toBe('more');
  });
});
