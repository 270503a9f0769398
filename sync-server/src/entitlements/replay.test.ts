import { describe, expect, it } from 'vitest';
import { coverageAt, coverageEnd, replay } from './replay';
import type { PaidGrant, Period } from './replay';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2030, 0, 1);

const dayPass = (id: string, at: number): PaidGrant => ({ id, tier: 'basic', at, durationMs: DAY });
const month = (id: string, at: number): PaidGrant => ({
  id,
  tier: 'premium',
  at,
  durationMs: 30 * DAY,
});
const year = (id: string, at: number): PaidGrant => ({
  id,
  tier: 'premium',
  at,
  durationMs: 365 * DAY,
});
const lifetime = (id: string, at: number): PaidGrant => ({ id, tier: 'vip', at, durationMs: null });

const at = (grants: PaidGrant[], now: number, base: Period[] = []) =>
  coverageAt(replay(grants, base).periods, now);

describe('the plan replay', () => {
  it('is free with no purchases', () => {
    expect(at([], T0)).toEqual({ tier: 'free', endsAt: null });
  });

  it('gives each plan its tier for its period, and free at exactly its end', () => {
    expect(at([dayPass('a', T0)], T0)).toEqual({ tier: 'basic', endsAt: T0 + DAY });
    expect(at([dayPass('a', T0)], T0 + DAY - 1).tier).toBe('basic');
    expect(at([dayPass('a', T0)], T0 + DAY)).toEqual({ tier: 'free', endsAt: null });
    expect(at([month('a', T0)], T0)).toEqual({ tier: 'premium', endsAt: T0 + 30 * DAY });
    expect(at([year('a', T0)], T0)).toEqual({ tier: 'premium', endsAt: T0 + 365 * DAY });
    expect(at([lifetime('a', T0)], T0 + 5000 * DAY)).toEqual({ tier: 'vip', endsAt: null });
  });

  it('extends the same tier from the current end, not from the second purchase', () => {
    const grants = [month('a', T0), month('b', T0 + 10 * DAY)];
    expect(at(grants, T0 + 10 * DAY)).toEqual({ tier: 'premium', endsAt: T0 + 60 * DAY });
    expect(replay(grants).byId.get('b')).toEqual({
      tier: 'premium',
      start: T0 + 30 * DAY,
      end: T0 + 60 * DAY,
    });
    expect(at(grants, T0 + 60 * DAY).tier).toBe('free');
  });

  it('starts a plan bought after the last one ended from its own purchase', () => {
    const grants = [dayPass('a', T0), dayPass('b', T0 + 3 * DAY)];
    expect(at(grants, T0 + 2 * DAY).tier).toBe('free');
    expect(at(grants, T0 + 3 * DAY)).toEqual({ tier: 'basic', endsAt: T0 + 4 * DAY });
  });

  it('never lowers a higher tier: a day pass bought on a month plan waits for its end', () => {
    const grants = [month('a', T0), dayPass('b', T0 + DAY)];
    expect(at(grants, T0 + DAY)).toEqual({ tier: 'premium', endsAt: T0 + 30 * DAY });
    expect(at(grants, T0 + 30 * DAY)).toEqual({ tier: 'basic', endsAt: T0 + 31 * DAY });
    expect(at(grants, T0 + 31 * DAY).tier).toBe('free');
  });

  it('lets a higher plan take over at once', () => {
    const grants = [dayPass('a', T0), month('b', T0 + HOUR)];
    expect(at(grants, T0 + HOUR)).toEqual({ tier: 'premium', endsAt: T0 + HOUR + 30 * DAY });
  });

  it('keeps lifetime above everything, and a plan bought on it gives no period', () => {
    const grants = [lifetime('a', T0), month('b', T0 + DAY)];
    expect(at(grants, T0 + 400 * DAY)).toEqual({ tier: 'vip', endsAt: null });
    // Covered for ever at a higher tier, a later plan would wait for ever: it gives nothing.
    expect(replay(grants).byId.get('b')).toBeNull();
    expect(replay([lifetime('a', T0), lifetime('b', T0 + DAY)]).byId.get('b')).toBeNull();
  });

  it('replays in fulfilment order whatever order the rows come in', () => {
    const grants = [month('b', T0 + 10 * DAY), month('a', T0)];
    expect(replay(grants).byId.get('a')?.start).toBe(T0);
    expect(replay(grants).byId.get('b')?.start).toBe(T0 + 30 * DAY);
  });

  it('puts the higher plan first when two are fulfilled in the same millisecond', () => {
    for (const grants of [
      [dayPass('a', T0), month('b', T0)],
      [month('b', T0), dayPass('a', T0)],
    ]) {
      expect(replay(grants).byId.get('a')?.start).toBe(T0 + 30 * DAY);
      expect(at(grants, T0 + 30 * DAY)).toEqual({ tier: 'basic', endsAt: T0 + 31 * DAY });
    }
  });

  it('shifts the rest when one is left out (a refund)', () => {
    const kept = [month('b', T0 + 10 * DAY)];
    expect(at(kept, T0 + 10 * DAY)).toEqual({ tier: 'premium', endsAt: T0 + 40 * DAY });
  });

  it('combines with a granted tier: the higher wins, and the same tier extends it', () => {
    const granted: Period[] = [{ tier: 'premium', start: -Infinity, end: T0 + 5 * DAY }];
    expect(at([month('a', T0)], T0, granted)).toEqual({
      tier: 'premium',
      endsAt: T0 + 35 * DAY,
    });
    expect(at([dayPass('a', T0)], T0, granted)).toEqual({
      tier: 'premium',
      endsAt: T0 + 5 * DAY,
    });
    const vip: Period[] = [{ tier: 'vip', start: -Infinity, end: null }];
    expect(at([month('a', T0)], T0, vip)).toEqual({ tier: 'vip', endsAt: null });
  });

  it('says when unbroken coverage at a tier or above ends', () => {
    const periods: Period[] = [
      { tier: 'basic', start: T0, end: T0 + DAY },
      { tier: 'premium', start: T0 + DAY, end: T0 + 2 * DAY },
      { tier: 'basic', start: T0 + 3 * DAY, end: T0 + 4 * DAY },
    ];
    expect(coverageEnd(periods, 'basic', T0)).toBe(T0 + 2 * DAY);
    expect(coverageEnd(periods, 'premium', T0)).toBe(T0);
    expect(coverageEnd(periods, 'premium', T0 + DAY)).toBe(T0 + 2 * DAY);
  });
});
