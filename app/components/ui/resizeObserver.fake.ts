import { vi } from 'vitest';

/** jsdom has no ResizeObserver; Radix measures a tooltip's arrow with one. Undo with vi.unstubAllGlobals. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
