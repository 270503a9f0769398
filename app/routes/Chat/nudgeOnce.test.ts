import { beforeEach, describe, expect, it } from 'vitest';
import { localDay, markNudged, nudgedToday } from './nudgeOnce';

describe('the upgrade nudge, once per chat per day', () => {
  beforeEach(() => localStorage.clear());

  it('counts a nudge for its chat and her day only', () => {
    const evening = new Date(2026, 10, 28, 23, 50);
    markNudged('c1', evening);
    expect(nudgedToday('c1', evening)).toBe(true);
    expect(nudgedToday('c2', evening)).toBe(false);
    // Past her midnight it may ask again.
    expect(nudgedToday('c1', new Date(2026, 10, 29, 0, 5))).toBe(false);
  });

  it('forgets the days gone by when it records a new one', () => {
    markNudged('old', new Date(2026, 10, 27, 12));
    markNudged('c1', new Date(2026, 10, 28, 12));
    expect(Object.keys(JSON.parse(localStorage.getItem('besties.upgradeNudge')!))).toEqual(['c1']);
  });

  it('reads a damaged record as no nudge yet', () => {
    localStorage.setItem('besties.upgradeNudge', '{not json');
    expect(nudgedToday('c1')).toBe(false);
    markNudged('c1');
    expect(nudgedToday('c1')).toBe(true);
  });

  it('names her local calendar day', () => {
    expect(localDay(new Date(2026, 0, 5, 1, 0))).toBe('2026-01-05');
  });
});
