import { afterEach, beforeEach } from 'vitest';

/**
 * jsdom has no layout: for the message list's tests, the list is `view` px tall, every row
 * `row` px, and scrolling clamps as a browser's does. Call at a test file's top level.
 */
export function withMessageListLayout({ view, row }: { view: number; row: number }) {
  const scrolled = new WeakMap<Element, number>();
  beforeEach(() => {
    const layout = {
      clientHeight(this: HTMLElement) {
        return this.classList.contains('message-list') ? view : 0;
      },
      offsetHeight(this: HTMLElement) {
        return this.classList.contains('message-list__row') ? row : 0;
      },
      scrollHeight(this: HTMLElement) {
        const rows = this.querySelector<HTMLElement>('.message-list__rows');
        return rows ? parseFloat(rows.style.height) : 0;
      },
    };
    for (const [name, get] of Object.entries(layout)) {
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get });
    }
    Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
      configurable: true,
      get(this: HTMLElement) {
        return scrolled.get(this) ?? 0;
      },
      set(this: HTMLElement, value: number) {
        const max = Math.max(0, this.scrollHeight - this.clientHeight);
        scrolled.set(this, Math.min(max, Math.max(0, value)));
      },
    });
    Element.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions) {
      this.scrollTop = options?.top ?? this.scrollTop;
      this.dispatchEvent(new Event('scroll'));
    } as Element['scrollTo'];
  });
  afterEach(() => {
    for (const name of ['clientHeight', 'offsetHeight', 'scrollHeight', 'scrollTop']) {
      delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    }
    delete (Element.prototype as Partial<Element>).scrollTo;
  });
}
