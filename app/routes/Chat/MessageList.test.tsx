import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aChat } from '../../db/testData';
import type { ChatItem } from './chatItems';
import { aMessageItem } from './chatItemTestData';
import { MessageList } from './MessageList';
import { withMessageListLayout } from './messageListLayout.fake';
import type { OlderMessages } from './useMessagePages';

const PERSONA = aChat({ id: 'x' }).persona;
/** jsdom has no layout: here the list is VIEW px tall and every row ROW px. */
const VIEW = 500;
const ROW = 100;
withMessageListLayout({ view: VIEW, row: ROW });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const message = (n: number, from: 'user' | 'bestie' = 'user', text = `message ${n}`): ChatItem =>
  aMessageItem({ id: `m${n}`, from, text });

const pending = (n: number): ChatItem => ({ ...base(n), kind: 'pending', text: `message ${n}` });
const failed = (n: number, failure: string): ChatItem => ({
  ...base(n),
  kind: 'failed',
  text: `message ${n}`,
  failure,
});
const base = (n: number) => ({ id: `m${n}`, timestamp: '2026-11-25T10:00:00.000Z' });

const itemsFrom = (first: number, last: number, from: 'user' | 'bestie' = 'user'): ChatItem[] =>
  Array.from({ length: last - first + 1 }, (_, i) => message(first + i, from));

function list(items: ChatItem[], older: OlderMessages, onLoadOlder = () => {}) {
  return (
    <MessageList
      items={items}
      persona={PERSONA}
      welcome="Hi"
      replyText={undefined}
      showAiReminder={false}
      older={older}
      onLoadOlder={onLoadOlder}
      onRetry={() => {}}
      onUpgrade={() => {}}
    />
  );
}

const log = () => screen.getByRole('log', { name: 'Messages' });
const announced = () =>
  document.querySelector('.visually-hidden[aria-live="polite"]')?.textContent ?? null;
/** The texts of the bubbles drawn, in order. */
const drawn = () =>
  Array.from(log().querySelectorAll('.message-list__row .chat-bubble')).map(
    (bubble) => bubble.textContent,
  );
const bottom = () => log().scrollHeight - log().clientHeight;

/** Where the row holding `text` is on screen: its place in the list less the scroll. */
function onScreen(text: string): number {
  const row = screen.getByText(text).closest<HTMLElement>('.message-list__row')!;
  return Number(/translateY\((-?[\d.]+)px\)/.exec(row.style.transform)?.[1]) - log().scrollTop;
}

function scrollTo(top: number) {
  act(() => {
    log().scrollTop = top;
    fireEvent.scroll(log());
  });
}

describe('the message list, virtualised', () => {
  it('opens at the newest message with only the rows near the screen drawn, however long the chat', async () => {
    render(list(itemsFrom(1, 1000), 'none'));
    await waitFor(() => expect(drawn()).toContain('message 1000'));
    expect(log().scrollTop).toBe(bottom());
    expect(drawn()).not.toContain('message 1');
    // The screen holds 5 rows; a few more are drawn on each side, never the thousand.
    expect(drawn().length).toBeGreaterThanOrEqual(VIEW / ROW);
    expect(drawn().length).toBeLessThanOrEqual(20);

    scrollTo(0);
    expect(drawn()).toContain('message 1');
    expect(drawn()).not.toContain('message 1000');
    expect(drawn().length).toBeLessThanOrEqual(20);
  });

  it('keeps the message she was looking at in place when older ones come in above, without jumping to the bottom', async () => {
    const { rerender } = render(list(itemsFrom(51, 100), 'more'));
    await waitFor(() => expect(log().scrollTop).toBe(bottom()));
    // She has scrolled to the top: message 51 is the first one on screen.
    scrollTo(0);
    const before = onScreen('message 51');
    rerender(list(itemsFrom(51, 100), 'loading'));
    expect(onScreen('message 51')).toBe(before);

    rerender(list(itemsFrom(1, 100), 'more'));
    // 50 rows came in above message 51: the list scrolled down by as much, so it stays put.
    expect(log().scrollTop).toBeGreaterThan(40 * 50);
    expect(onScreen('message 51')).toBe(before);
    expect(drawn()).toContain('message 50');
    expect(drawn()).not.toContain('message 100');
  });

  it('takes her own new message to the bottom, wherever she was reading', async () => {
    const { rerender } = render(list(itemsFrom(1, 100), 'none'));
    await waitFor(() => expect(log().scrollTop).toBe(bottom()));
    scrollTo(20 * ROW);
    rerender(list([...itemsFrom(1, 100), pending(101)], 'none'));
    await waitFor(() => expect(drawn()).toContain('message 101'));
    // It follows within a frame of drawing the reply (the row is measured first).
    await waitFor(() => expect(log().scrollTop).toBe(bottom()));
  });

  it('follows a reply coming in below only when she was at the bottom', async () => {
    const { rerender } = render(list(itemsFrom(1, 100), 'none'));
    await waitFor(() => expect(log().scrollTop).toBe(bottom()));
    rerender(list([...itemsFrom(1, 100), message(101, 'bestie')], 'none'));
    await waitFor(() => expect(drawn()).toContain('message 101'));
    // It follows within a frame of drawing the reply (the row is measured first).
    await waitFor(() => expect(log().scrollTop).toBe(bottom()));

    scrollTo(20 * ROW);
    rerender(list([...itemsFrom(1, 100), message(101, 'bestie'), message(102, 'bestie')], 'none'));
    expect(log().scrollTop).toBe(20 * ROW);
    expect(drawn()).not.toContain('message 102');
  });

  it("offers 'Load earlier messages' while there are older ones, and reads them when pressed", async () => {
    const onLoadOlder = vi.fn();
    const { rerender } = render(list(itemsFrom(51, 100), 'more', onLoadOlder));
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(onLoadOlder).toHaveBeenCalledTimes(1);

    rerender(list(itemsFrom(51, 100), 'loading', onLoadOlder));
    const loading = screen.getByRole('button', { name: 'Loading earlier messages…' });
    expect(loading.getAttribute('aria-disabled')).toBe('true');
    // It keeps her focus while the page is read: it is the same button.
    expect(document.activeElement).toBe(loading);

    rerender(list(itemsFrom(1, 100), 'none', onLoadOlder));
    expect(screen.queryByRole('button', { name: /earlier messages/ })).toBeNull();
  });

  it('reads the page before when she nears the top, and not when there is none', () => {
    const observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    class FakeObserver {
      constructor(callback: IntersectionObserverCallback) {
        observed.push({ callback });
      }
      observe(target: Element) {
        observed.at(-1)!.target = target;
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const onLoadOlder = vi.fn();
    const { rerender } = render(list(itemsFrom(51, 100), 'more', onLoadOlder));
    const watch = observed.at(-1)!;
    watch.callback(
      [{ isIntersecting: false, target: watch.target! } as IntersectionObserverEntry],
      {} as IntersectionObserver,
    );
    expect(onLoadOlder).not.toHaveBeenCalled();
    watch.callback(
      [{ isIntersecting: true, target: watch.target! } as IntersectionObserverEntry],
      {} as IntersectionObserver,
    );
    expect(onLoadOlder).toHaveBeenCalledTimes(1);

    const before = observed.length;
    rerender(list(itemsFrom(1, 100), 'none', onLoadOlder));
    expect(observed).toHaveLength(before);
  });
});

describe('what a screen reader hears', () => {
  /** The list, once its announcer (a chunk of its own, asked for as it mounts) is in. */
  async function heard(items: ChatItem[], older: OlderMessages) {
    const rendered = render(list(items, older));
    await waitFor(() => expect(announced()).toBe(''));
    return rendered;
  }

  it('the log itself is not live: rows drawn as she scrolls are not read out', async () => {
    await heard(itemsFrom(1, 100, 'bestie'), 'none');
    expect(log().getAttribute('aria-live')).toBe('off');
    scrollTo(0);
    expect(drawn()).toContain('message 1');
    expect(announced()).toBe('');
  });

  it("says a new reply once, politely, as 'Cassie: …', and nothing for older messages read in above", async () => {
    const opened = [...itemsFrom(51, 99, 'bestie'), message(100)];
    const { rerender } = await heard(opened, 'more');
    rerender(
      list([...opened, message(101, 'bestie', '**Oh babe**, breathe.\n- one\n- two')], 'more'),
    );
    expect(announced()).toBe(`${PERSONA.name}: Oh babe, breathe.\none\ntwo`);

    // The next reply is said alone: the first is not said again.
    const later = [...opened, message(101, 'bestie'), message(102), message(103, 'bestie', 'Yes!')];
    rerender(list(later, 'more'));
    expect(announced()).toBe(`${PERSONA.name}: Yes!`);
    // Replies read in above are old news: what was said stays, nothing new is said.
    rerender(list([...itemsFrom(1, 50, 'bestie'), ...later], 'none'));
    expect(announced()).toBe(`${PERSONA.name}: Yes!`);
  });

  it('says nothing for a chat the first sync brings to a device where it was still empty', async () => {
    const { rerender } = await heard([], 'none');
    rerender(list(itemsFrom(1, 10, 'bestie'), 'none'));
    expect(announced()).toBe('');
  });

  it('says nothing when the chat opens, and says so when a message of hers could not be sent', async () => {
    const opened = itemsFrom(1, 10, 'bestie');
    const sending = pending(11);
    const { rerender } = await heard([...opened, sending], 'none');
    const failure = 'Not sent. Please try again.';
    rerender(list([...opened, failed(11, failure)], 'none'));
    expect(announced()).toBe(failure);
    // The Retry row is not an alert of its own: drawn again as she scrolls, it says nothing.
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
