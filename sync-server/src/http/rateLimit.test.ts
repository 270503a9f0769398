import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/database';
import type { Db } from '../db/database';
import { openMemoryDb } from '../db/memory';
import { AppError } from './errors';
import { createRateLimiter, enforce, fromAddress } from './rateLimit';
import type { RateLimiter } from './rateLimit';

const MINUTE = 60_000;
const limit = { bucket: 'test', limit: 3, windowMs: 60 * MINUTE };

let db: Db;
let time: number;
let limiter: RateLimiter;
beforeEach(async () => {
  db = await openMemoryDb();
  time = 1_000_000;
  limiter = createRateLimiter(db, () => time);
});
afterEach(() => db.destroy());

const hits = async (count: number, hit: () => Promise<unknown>) => {
  for (let i = 0; i < count; i += 1) await hit();
};

describe('rate limiter', () => {
  it('allows `limit` hits in a window and refuses the next, with the seconds left', async () => {
    const limited: boolean[] = [];
    for (let i = 0; i < 3; i += 1) limited.push((await limiter.hit(limit, 'k')).limited);
    expect(limited).toEqual([false, false, false]);
    time += 10 * MINUTE;
    expect(await limiter.hit(limit, 'k')).toEqual({ count: 4, limited: true, retryAfter: 50 * 60 });
  });

  it('counts every one of many hits at once, none lost nor counted twice', async () => {
    const states = await Promise.all(
      Array.from({ length: 20 }, () => limiter.hit({ ...limit, limit: 10 }, 'k')),
    );
    expect(states.map((state) => state.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect(states.filter((state) => state.limited)).toHaveLength(10);
  });

  it('check says whether the next hit would be refused, without counting', async () => {
    await limiter.hit(limit, 'k');
    await limiter.hit(limit, 'k');
    expect(await limiter.check(limit, 'k')).toMatchObject({ count: 2, limited: false });
    expect(await limiter.check(limit, 'k')).toMatchObject({ count: 2, limited: false });
    await limiter.hit(limit, 'k');
    expect(await limiter.check(limit, 'k')).toMatchObject({
      count: 3,
      limited: true,
      retryAfter: 3600,
    });
  });

  it('starts a fresh window when the old one is over', async () => {
    await hits(5, () => limiter.hit(limit, 'k'));
    time += 60 * MINUTE;
    expect(await limiter.check(limit, 'k')).toMatchObject({ count: 0, limited: false });
    expect(await limiter.hit(limit, 'k')).toMatchObject({ count: 1, limited: false });
    expect(await limiter.hit(limit, 'k')).toMatchObject({ count: 2, limited: false });
    time += 59 * MINUTE;
    expect(await limiter.hit(limit, 'k')).toMatchObject({ count: 3, limited: false });
    expect(await limiter.hit(limit, 'k')).toEqual({ count: 4, limited: true, retryAfter: 60 });
  });

  it('keeps keys and buckets apart', async () => {
    await hits(4, () => limiter.hit(limit, 'a'));
    expect((await limiter.hit(limit, 'b')).limited).toBe(false);
    expect((await limiter.hit({ ...limit, bucket: 'other' }, 'a')).limited).toBe(false);
  });

  it('release takes one hit back and reset forgets the key', async () => {
    await hits(3, () => limiter.hit(limit, 'k'));
    await limiter.release(limit, 'k');
    expect(await limiter.check(limit, 'k')).toMatchObject({ count: 2, limited: false });
    await limiter.hit(limit, 'k');
    await limiter.reset(limit, 'k');
    expect((await limiter.check(limit, 'k')).count).toBe(0);
  });

  it('release never takes the count below nothing', async () => {
    await limiter.hit(limit, 'k');
    await limiter.release(limit, 'k');
    await limiter.release(limit, 'k');
    expect((await limiter.check(limit, 'k')).count).toBe(0);
    expect(await limiter.hit(limit, 'k')).toMatchObject({ count: 1, limited: false });
  });

  it('drops finished windows of a bucket when a new window starts', async () => {
    await limiter.hit(limit, 'old');
    time += 61 * MINUTE;
    await limiter.hit(limit, 'new');
    expect(await db.selectFrom('rate_limits').select('key').execute()).toEqual([{ key: 'new' }]);
  });

  it('counts in the transaction it is given, and is undone with it', async () => {
    await limiter.hit(limit, 'k');
    await expect(
      inTransaction(db, async (trx) => {
        expect((await limiter.hit(limit, 'k', trx)).count).toBe(2);
        await enforce(limiter, limit, 'k', trx);
        expect((await limiter.check(limit, 'k', trx)).count).toBe(3);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await limiter.check(limit, 'k')).count).toBe(1);
  });

  it('enforce throws a 429 with Retry-After when over the limit', async () => {
    await hits(3, () => enforce(limiter, limit, 'k'));
    let thrown: unknown;
    try {
      await enforce(limiter, limit, 'k');
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

  it('counts each address apart, so one address using up its count leaves the others theirs', async () => {
    await hits(3, () => limiter.hit(perAddress('198.51.100.1'), 'her@example.com'));
    expect((await limiter.check(perAddress('198.51.100.1'), 'her@example.com')).limited).toBe(true);
    expect((await limiter.check(perAddress('203.0.113.7'), 'her@example.com')).limited).toBe(false);
    expect((await limiter.check(limit, 'her@example.com')).count).toBe(0);
  });

  it('reset of the parent forgets the key from every address; reset of one address only there', async () => {
    await limiter.hit(perAddress('198.51.100.1'), 'her@example.com');
    await limiter.hit(perAddress('203.0.113.7'), 'her@example.com');
    await limiter.hit(perAddress('203.0.113.7'), 'other@example.com');
    await limiter.hit(limit, 'her@example.com');

    await limiter.reset(perAddress('198.51.100.1'), 'her@example.com');
    expect((await limiter.check(perAddress('198.51.100.1'), 'her@example.com')).count).toBe(0);
    expect((await limiter.check(perAddress('203.0.113.7'), 'her@example.com')).count).toBe(1);
    expect((await limiter.check(limit, 'her@example.com')).count).toBe(1);

    await limiter.reset(limit, 'her@example.com');
    expect((await limiter.check(perAddress('203.0.113.7'), 'her@example.com')).count).toBe(0);
    expect((await limiter.check(limit, 'her@example.com')).count).toBe(0);
    expect((await limiter.check(perAddress('203.0.113.7'), 'other@example.com')).count).toBe(1);
    // Another bucket whose name only starts the same is not in the family.
    await limiter.hit({ ...limit, bucket: 'tests' }, 'her@example.com');
    await limiter.hit({ ...limit, bucket: 'tests 203.0.113.7' }, 'her@example.com');
    await limiter.reset(limit, 'her@example.com');
    expect((await limiter.check({ ...limit, bucket: 'tests' }, 'her@example.com')).count).toBe(1);
    expect(
      (await limiter.check({ ...limit, bucket: 'tests 203.0.113.7' }, 'her@example.com')).count,
    ).toBe(1);
  });

  it("drops finished windows of every address's bucket when a new window starts", async () => {
    await limiter.hit(perAddress('198.51.100.1'), 'old@example.com');
    await limiter.hit(limit, 'old@example.com');
    await limiter.hit({ ...limit, bucket: 'tests' }, 'old@example.com');
    time += 61 * MINUTE;
    await limiter.hit(perAddress('203.0.113.7'), 'new@example.com');
    expect(
      await db.selectFrom('rate_limits').select(['bucket', 'key']).orderBy('bucket').execute(),
    ).toEqual([
      { bucket: 'test 203.0.113.7', key: 'new@example.com' },
      { bucket: 'tests', key: 'old@example.com' },
    ]);
  });
});
