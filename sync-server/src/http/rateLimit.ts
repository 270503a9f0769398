import { sql } from 'kysely';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
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

/**
 * Each call runs on the limiter's own database, or on `db` when given: the transaction the
 * count belongs to (it is then undone with it). Called inside a transaction without it, a call
 * waits for the limiter's database, which on SQLite (one connection) is the transaction's own:
 * it waits forever.
 */
export interface RateLimiter {
  /** Counts one attempt and says whether it is over the limit. */
  hit(limit: Limit, key: string, db?: Db): Promise<LimitState>;
  /** Says whether the next attempt would be over the limit, without counting. */
  check(limit: Limit, key: string, db?: Db): Promise<LimitState>;
  /** Takes one attempt back (e.g. a counted login that succeeded). */
  release(limit: Limit, key: string, db?: Db): Promise<void>;
  /** Forgets the key's window (in every address's bucket too, when `limit` is their parent). */
  reset(limit: Limit, key: string, db?: Db): Promise<void>;
}

interface Row {
  windowStart: number;
  count: number;
}

/**
 * Buckets of the family (`login-email`'s per-address buckets): those whose name begins with
 * the family and a space. Compared as text, not as a pattern: a bucket name is never read as
 * one (an address holds `.` and `:`), and both engines agree on substr.
 */
const inFamily = (family: string) => {
  const prefix = `${family} `;
  return sql<boolean>`substr(bucket, 1, ${prefix.length}) = ${prefix}`;
};

/** A hit: a live window counts one more; a finished one (or none) starts anew at 1. */
const counted = prepared(
  (db, values: { bucket: string; key: string; at: number; windowMs: number }) =>
    db
      .insertInto('rate_limits')
      .values({ bucket: values.bucket, key: values.key, window_start: values.at, count: 1 })
      .onConflict((oc) =>
        oc.columns(['bucket', 'key']).doUpdateSet({
          window_start: sql<number>`CASE WHEN rate_limits.window_start + ${values.windowMs} > ${values.at}
            THEN rate_limits.window_start ELSE excluded.window_start END`,
          count: sql<number>`CASE WHEN rate_limits.window_start + ${values.windowMs} > ${values.at}
            THEN rate_limits.count + 1 ELSE 1 END`,
        }),
      )
      .returning(['window_start as windowStart', 'count']),
);

/**
 * Fixed-window counters in the database, so they survive a restart and hold for every
 * process. A hit is one statement (an upsert that answers the row it left), so concurrent
 * requests cannot slip past a limit on either engine: the row is locked while it is counted.
 */
export function createRateLimiter(own: Db, now: () => number): RateLimiter {
  const select = (db: Db, limit: Limit, key: string): Promise<Row | undefined> =>
    db
      .selectFrom('rate_limits')
      .select(['window_start as windowStart', 'count'])
      .where('bucket', '=', limit.bucket)
      .where('key', '=', key)
      .executeTakeFirst();

  const stateOf = (limit: Limit, row: Row | undefined, at: number, counting: boolean) => {
    const count = row ? row.count : 0;
    const limited = counting ? count > limit.limit : count >= limit.limit;
    const retryAfter =
      limited && row ? Math.ceil((row.windowStart + limit.windowMs - at) / 1000) : 0;
    return { count, limited, retryAfter };
  };
  const live = (limit: Limit, row: Row | undefined, at: number) =>
    row && at < row.windowStart + limit.windowMs ? row : undefined;

  return {
    async hit(limit, key, db = own) {
      const at = now();
      const row = await counted.executeTakeFirst(db, {
        bucket: limit.bucket,
        key,
        at,
        windowMs: limit.windowMs,
      });
      if (!row) throw new Error('The rate limit upsert answered no row');
      if (row.count === 1 && row.windowStart === at) {
        // A new window: a good moment to drop this family's finished windows too (a family's
        // buckets share one window length). This one began now, so it stays.
        const family = familyOf(limit.bucket);
        await db
          .deleteFrom('rate_limits')
          .where((eb) => eb.or([eb('bucket', '=', family), inFamily(family)]))
          .where('window_start', '<=', at - limit.windowMs)
          .execute();
      }
      return stateOf(limit, row, at, true);
    },
    async check(limit, key, db = own) {
      const at = now();
      return stateOf(limit, live(limit, await select(db, limit, key), at), at, false);
    },
    async release(limit, key, db = own) {
      await db
        .updateTable('rate_limits')
        .set({ count: sql<number>`CASE WHEN count > 0 THEN count - 1 ELSE 0 END` })
        .where('bucket', '=', limit.bucket)
        .where('key', '=', key)
        .execute();
    },
    async reset(limit, key, db = own) {
      const family = familyOf(limit.bucket);
      await db
        .deleteFrom('rate_limits')
        .where('key', '=', key)
        .where((eb) =>
          limit.bucket === family
            ? eb.or([eb('bucket', '=', limit.bucket), inFamily(family)])
            : eb('bucket', '=', limit.bucket),
        )
        .execute();
    },
  };
}

/**
 * Counts an attempt and refuses it with a 429 (and Retry-After) when over the limit. Inside a
 * transaction, pass its `db` (see RateLimiter).
 */
export async function enforce(
  limiter: RateLimiter,
  limit: Limit,
  key: string,
  db?: Db,
): Promise<void> {
  const state = await limiter.hit(limit, key, db);
  if (state.limited) throw tooManyRequests(state.retryAfter);
}
