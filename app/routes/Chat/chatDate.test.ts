import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatDateLabel } from './chatDate';

describe("the sidebar's date for a chat", () => {
  const now = new Date(2026, 10, 26, 15, 0);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("says 'Today' and 'Yesterday', else a short date in her locale", () => {
    expect(chatDateLabel(new Date(2026, 10, 26, 9, 0).toISOString(), now)).toBe('Today');
    expect(chatDateLabel(new Date(2026, 10, 25, 23, 0).toISOString(), now)).toBe('Yesterday');
    const older = new Date(2026, 9, 3, 12, 0);
    expect(chatDateLabel(older.toISOString(), now)).toBe(
      older.toLocaleDateString(undefined, { month: 'short', day: 'numeric' }),
    );
  });

  it('makes its date formatter only once a chat is older than yesterday, and only once', async () => {
    // A fresh copy of the module, as a page has as the chat screen's chunk runs.
    vi.resetModules();
    const Original = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args) {
      return new Original(...args);
    });
    const { chatDateLabel: label } = await import('./chatDate');
    // The page's first formatter is slow to make: a new chat's 'Today' must not pay for it.
    expect(label(new Date(2026, 10, 26, 9, 0).toISOString(), now)).toBe('Today');
    expect(label(new Date(2026, 10, 25, 9, 0).toISOString(), now)).toBe('Yesterday');
    expect(made).not.toHaveBeenCalled();
    label(new Date(2026, 9, 3).toISOString(), now);
    label(new Date(2026, 8, 3).toISOString(), now);
    expect(made).toHaveBeenCalledTimes(1);
  });
});
