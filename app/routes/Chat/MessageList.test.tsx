import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aChat } from '../../db/testData';
import type { ChatItem } from './chatItems';
import { MessageList } from './MessageList';
import type { OlderMessages } from './useMessagePages';

const PERSONA = aChat({ id: 'x' }).persona;
/** jsdom has no layout: here every row of the list is ROW px tall, one under the other. */
const ROW = 100;

const itemsFrom = (first: number, last: number): ChatItem[] =>
  Array.from({ length: last - first + 1 }, (_, i) => ({
    id: `m${first + i}`,
    timestamp: '2026-11-25T10:00:00.000Z',
    kind: 'message',
    from: 'user',
    text: `message ${first + i}`,
    crisis: false,
  }));

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

const offsetTop = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetTop')!;
const scrolled = new WeakMap<Element, number>();
const toBottom = vi.fn();

beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetTop', {
    configurable: true,
    get(this: HTMLElement) {
      const siblings = Array.from(this.parentElement?.children ?? []);
      return siblings.indexOf(this) * ROW;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get(this: HTMLElement) {
      return scrolled.get(this) ?? 0;
    },
    set(this: HTMLElement, value: number) {
      scrolled.set(this, value);
    },
  });
  toBottom.mockClear();
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(toBottom);
});

afterEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetTop', offsetTop);
  delete (HTMLElement.prototype as { scrollTop?: number }).scrollTop;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the message list, a page at a time', () => {
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
    expect(screen.getByText('message 1')).toBeTruthy();
  });

  it('keeps the message she was looking at in place when older ones come in above, without jumping to the bottom', () => {
    const { rerender } = render(list(itemsFrom(51, 100), 'more'));
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(toBottom).toHaveBeenCalledTimes(1);
    // She has scrolled to the top: message 51 is the one on screen.
    log.scrollTop = 0;
    rerender(list(itemsFrom(51, 100), 'loading'));
    expect(log.scrollTop).toBe(0);

    rerender(list(itemsFrom(1, 100), 'more'));
    // 50 rows came in above message 51: the list scrolled down by as much, so it stays put.
    expect(log.scrollTop).toBe(50 * ROW);
    expect(screen.getByText('message 51').parentElement!.offsetTop - log.scrollTop).toBe(ROW);
    expect(toBottom).toHaveBeenCalledTimes(1);
  });

  it('scrolls to the bottom for a new message below, however many are read above', () => {
    const { rerender } = render(list(itemsFrom(51, 100), 'more'));
    // The newest page when a message comes in: the oldest drops out of it, the count stays.
    rerender(list(itemsFrom(52, 101), 'more'));
    expect(toBottom).toHaveBeenCalledTimes(2);
    rerender(list(itemsFrom(1, 101), 'none'));
    rerender(list(itemsFrom(1, 102), 'none'));
    expect(toBottom).toHaveBeenCalledTimes(3);
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
