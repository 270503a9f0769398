import { describe, expect, it } from 'vitest';
import { chatDateLabel } from './chatDate';

describe("the sidebar's date for a chat", () => {
  const now = new Date(2026, 10, 26, 15, 0);

  it("says 'Today' and 'Yesterday', else a short date in her locale", () => {
    expect(chatDateLabel(new Date(2026, 10, 26, 9, 0).toISOString(), now)).toBe('Today');
    expect(chatDateLabel(new Date(2026, 10, 25, 23, 0).toISOString(), now)).toBe('Yesterday');
    const older = new Date(2026, 9, 3, 12, 0);
    expect(chatDateLabel(older.toISOString(), now)).toBe(
      older.toLocaleDateString(undefined, { month: 'short', day: 'numeric' }),
    );
  });
});
