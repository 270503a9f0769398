import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { LegacyDb as Db } from '../db/open';
import { AppError } from './errors';
import { createRateLimiter, enforce, fromAddress } from './rateLimit';
import type { RateLimiter } from './rateLimit';

const MINUTE = 60_000;
const limit = { bucket: 'test', limit: 3, windowMs: 60 * MINUTE };

let db: Db;
let time: number;
let limiter: RateLimiter;
beforeEach(() => {
  db = openDatabase(':memory:');
  migrate(db);
  time = 1_000_000;
  limiter = createRateLimiter(db, () => time);
});
afterEach(() => db.close());

describe('rate limiter', () => {
  it('allows `limit` hits in a window and refuses the next, with the seconds left', () => {
    expect([1, 2, 3].map(() => limiter.hit(limit, 'k').limited)).toEqual([false, false, false]);
    time += 10 * MINUTE;
    expect(limiter.hit(limit, 'k')).toEqual({ count: 4, limited: true, retryAfter: 50 * 60 });
  });

  it('check says whether the next hit would be refused, without counting', () => {
    limiter.hit(limit, 'k');
    limiter.hit(limit, 'k');
    expect(limiter.check(limit, 'k')).toMatchObject({ count: 2, limited: false });
    expect(limiter.check(limit, 'k')).toMatchObject({ count: 2, limited: false });
    limiter.hit(limit, 'k');
    expect(limiter.check(limit, 'k')).toMatchObject({ count: 3, limited: true, retryAfter: 3600 });
  });

  it('starts a fresh window when the old one is over', () => {
    for (let i = 0; i < 5; i += 1) limiter.hit(limit, 'k');
    time += 60 * MINUTE;
    expect(limiter.check(limit, 'k')).toMatchObject({ count: 0, limited: false });
    expect(limiter.hit(limit, 'k')).toMatchObject({ count: 1, limited: false });
  });

  it('keeps keys and buckets apart', () => {
    for (let i = 0; i < 4; i += 1) limiter.hit(limit, 'a');
    expect(limiter.hit(limit, 'b').limited).toBe(false);
    expect(limiter.hit({ ...limit, bucket: 'other' }, 'a').limited).toBe(false);
  });

  it('release takes one hit back and reset forgets the key', () => {
    for (let i = 0; i < 3; i += 1) limiter.hit(limit, 'k');
    limiter.release(limit, 'k');
    expect(limiter.check(limit, 'k')).toMatchObject({ count: 2, limited: false });
    limiter.hit(limit, 'k');
    limiter.reset(limit, 'k');
    expect(limiter.check(limit, 'k').count).toBe(0);
  });

  it('drops finished windows of a bucket when a new window starts', () => {
    limiter.hit(limit, 'old');
    time += 61 * MINUTE;
    limiter.hit(limit, 'new');
    expect(db.prepare('SELECT key FROM rate_limits').all()).toEqual([{ key: 'new' }]);
  });

  it('writes its counters without a flush to the disk, and leaves other commits FULL', () => {
    // `now` is read inside the limiter's own transaction: what its commit will do.
    const seen: unknown[] = [];
    const watched = createRateLimiter(db, () => {
      seen.push(db.pragma('synchronous', { simple: true }));
      return time;
    });
    watched.hit(limit, 'k');
    watched.hit(limit, 'k');
    expect(seen).toEqual([1, 1]);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('enforce throws a 429 with Retry-After when over the limit', () => {
    for (let i = 0; i < 3; i += 1) enforce(limiter, limit, 'k');
    let thrown: unknown;
    try {
      enforce(limiter, limit, 'k');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    const error = thrown as AppError;
    expect(error.status).toBe(429);
    expect(error.headers).toEqual({ 'Retry-After': '3600' });
    expect(error.toBody()).toEqual({
      message: 'Too many attempts. Please try again later.',
      code: 'rate_limited',
      retryAfter: 3600,
    });
  });
});

describe('per-address limits (fromAddress)', () => {
  const perAddress = (address: string) => fromAddress({ ...limit, limit: 2 }, address);

  it('counts each address apart, so one address using up its count leaves the others theirs', () => {
    for (let i = 0; i < 3; i += 1) limiter.hit(perAddress('198.51.100.1'), 'her@example.com');
    expect(limiter.check(perAddress('198.51.100.1'), 'her@example.com').limited).toBe(true);
    expect(limiter.check(perAddress('203.0.113.7'), 'her@example.com').limited).toBe(false);
    expect(limiter.check(limit, 'her@example.com').count).toBe(0);
  });

  it('reset of the parent forgets the key from every address; reset of one address only there', () => {
    limiter.hit(perAddress('198.51.100.1'), 'her@example.com');
    limiter.hit(perAddress('203.0.113.7'), 'her@example.com');
    limiter.hit(perAddress('203.0.113.7'), 'other@example.com');
    limiter.hit(limit, 'her@example.com');

    limiter.reset(perAddress('198.51.100.1'), 'her@example.com');
    expect(limiter.check(perAddress('198.51.100.1'), 'her@example.com').count).toBe(0);
    expect(limiter.check(perAddress('203.0.113.7'), 'her@example.com').count).toBe(1);
    expect(limiter.check(limit, 'her@example.com').count).toBe(1);

    limiter.reset(limit, 'her@example.com');
    expect(limiter.check(perAddress('203.0.113.7'), 'her@example.com').count).toBe(0);
    expect(limiter.check(limit, 'her@example.com').count).toBe(0);
    expect(limiter.check(perAddress('203.0.113.7'), 'other@example.com').count).toBe(1);
    // Another bucket whose name only starts the same is not in the family.
    limiter.hit({ ...limit, bucket: 'tests' }, 'her@example.com');
    limiter.reset(limit, 'her@example.com');
    expect(limiter.check({ ...limit, bucket: 'tests' }, 'her@example.com').count).toBe(1);
  });

  it("drops finished windows of every address's bucket when a new window starts", () => {
    limiter.hit(perAddress('198.51.100.1'), 'old@example.com');
    limiter.hit(limit, 'old@example.com');
    time += 61 * MINUTE;
    limiter.hit(perAddress('203.0.113.7'), 'new@example.com');
    expect(db.prepare('SELECT bucket, key FROM rate_limits').all()).toEqual([
      { bucket: 'test 203.0.113.7', key: 'new@example.com' },
    ]);
  });
});
