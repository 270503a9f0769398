import { describe, expect, it } from 'vitest';
import { lastActiveLabel, longDate } from './lastActive';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('lastActiveLabel', () => {
  it.each([
    [10_000, 'just now'],
    [5 * 60_000, '5 minutes ago'],
    [3 * 3_600_000, '3 hours ago'],
    [26 * 3_600_000, 'yesterday'],
    [3 * 86_400_000, '3 days ago'],
  ])('says %i ms ago as %j', (ms, words) => {
    expect(lastActiveLabel(ago(ms), NOW, 'en-US')).toBe(words);
  });

  it('gives the date itself after a week', () => {
    expect(lastActiveLabel('2026-11-01T12:00:00Z', NOW, 'en-US')).toBe('on Nov 1, 2026');
  });

  it("never says 'in 2 minutes' for a device whose clock runs ahead", () => {
    expect(lastActiveLabel(ago(-120_000), NOW, 'en-US')).toBe('just now');
  });
});

describe('longDate', () => {
  it('gives the full date and time', () => {
    expect(longDate('2026-11-26T09:30:00Z', 'en-US', 'UTC')).toBe('November 26, 2026 at 9:30 AM');
  });
});
