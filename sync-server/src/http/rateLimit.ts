import { withoutFlush } from '../db/open';
import type { LegacyDb as Db } from '../db/open';
import { tooManyRequests } from './errors';

export interface Limit {
  /** What is counted, e.g. 'login-email'; `login-email 203.0.113.7` is one address's share. */
  bucket: string;
  limit: number;
  windowMs: number;
}

/**
 * The limit counted separately for each client address: the same keys (an email) in a bucket
 * of their own per address, so one address using up its count leaves the others theirs. The
 * bucket stays in its parent's family: resetting a key in the parent also forgets it in every
 * address's bucket, and finished windows are dropped family-wide. The key stays the bare key,
 * so deleting an account's keys (account/repo.ts) deletes these rows too.
 */
export function fromAddress(parent: Limit, address: string): Limit {
  return { ...parent, bucket: `${familyOf(parent.bucket)} ${address}` };
}

/** The bucket a per-address bucket belongs to (`login-email` for `login-email 203.0.113.7`). */
const familyOf = (bucket: string) => bucket.split(' ')[0] ?? bucket;

export interface LimitState {
  count: number;
  limited: boolean;
  /** Seconds until the window ends (0 when not limited). */
  retryAfter: number;
}

export interface RateLimiter {
  /** Counts one attempt and says whether it is over the limit. */
  hit(limit: Limit, key: string): LimitState;
  /** Says whether the next attempt would be over the limit, without counting. */
  check(limit: Limit, key: string): LimitState;
  /** Takes one attempt back (e.g. a counted login that succeeded). */
  release(limit: Limit, key: string): void;
  /** Forgets the key's window (in every address's bucket too, when `limit` is their parent). */
  reset(limit: Limit, key: string): void;
}

interface Row {
  window_start: number;
  count: number;
}

/**
 * Fixed-window counters in SQLite, so they survive a restart. Every call is one synchronous
 * statement or transaction, so concurrent requests cannot slip past a limit. Their writes are
 * not flushed to the disk at each commit (withoutFlush): a power cut may forget the last few
 * hits, and a flush per send and per login attempt cost more than the rest of the send.
 */
export function createRateLimiter(db: Db, now: () => number): RateLimiter {
  const select = db.prepare<[string, string], Row>(
    'SELECT window_start, count FROM rate_limits WHERE bucket = ? AND key = ?',
  );
  const startWindow = db.prepare(
    `INSERT INTO rate_limits (bucket, key, window_start, count) VALUES (?, ?, ?, 1)
     ON CONFLICT (bucket, key) DO UPDATE SET window_start = excluded.window_start, count = 1`,
  );
  const increment = db.prepare(
    'UPDATE rate_limits SET count = count + 1 WHERE bucket = ? AND key = ?',
  );
  const decrement = db.prepare(
    'UPDATE rate_limits SET count = max(count - 1, 0) WHERE bucket = ? AND key = ?',
  );
  // `bucket GLOB family || ' *'`: the family's per-address buckets (bucket names hold no * ? [).
  const removeFromFamily = db.prepare(
    `DELETE FROM rate_limits
     WHERE key = @key AND (bucket = @bucket OR (@bucket = @family AND bucket GLOB @family || ' *'))`,
  );
  const pruneFamily = db.prepare(
    `DELETE FROM rate_limits
     WHERE (bucket = @family OR bucket GLOB @family || ' *') AND window_start <= @before`,
  );

  const stateOf = (limit: Limit, row: Row | undefined, at: number, counting: boolean) => {
    const count = row ? row.count : 0;
    const limited = counting ? count > limit.limit : count >= limit.limit;
    const retryAfter =
      limited && row ? Math.ceil((row.window_start + limit.windowMs - at) / 1000) : 0;
    return { count, limited, retryAfter };
  };
  const live = (limit: Limit, row: Row | undefined, at: number) =>
    row && at < row.window_start + limit.windowMs ? row : undefined;

  const hit = db.transaction((limit: Limit, key: string): LimitState => {
    const at = now();
    if (live(limit, select.get(limit.bucket, key), at)) {
      increment.run(limit.bucket, key);
    } else {
      // A new window: a good moment to drop this family's finished windows too (a family's
      // buckets share one window length).
      pruneFamily.run({ family: familyOf(limit.bucket), before: at - limit.windowMs });
      startWindow.run(limit.bucket, key, at);
    }
    return stateOf(limit, select.get(limit.bucket, key), at, true);
  });

  return {
    hit: (limit, key) => withoutFlush(db, () => hit(limit, key)),
    check: (limit, key) => {
      const at = now();
      return stateOf(limit, live(limit, select.get(limit.bucket, key), at), at, false);
    },
    release: (limit, key) => {
      withoutFlush(db, () => decrement.run(limit.bucket, key));
    },
    reset: (limit, key) => {
      const family = familyOf(limit.bucket);
      withoutFlush(db, () => removeFromFamily.run({ key, bucket: limit.bucket, family }));
    },
  };
}

/** Counts an attempt and refuses it with a 429 (and Retry-After) when over the limit. */
export function enforce(limiter: RateLimiter, limit: Limit, key: string): void {
  const state = limiter.hit(limit, key);
  if (state.limited) throw tooManyRequests(state.retryAfter);
}
