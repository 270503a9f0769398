import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { Db } from '../db/open';
import { AppError } from './errors';
import { createRateLimiter, enforce } from './rateLimit';
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
