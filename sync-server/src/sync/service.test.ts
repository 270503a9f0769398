import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { openMemoryDb } from '../db/memory';
import type { Deps } from '../deps';
import type { RateLimiter } from '../http/rateLimit';
import type { ParsedMutation } from './apply';
import { push } from './service';
import { addUsers } from '../db/testData';

let db: Db;
let errors: unknown[];
beforeEach(async () => {
  db = await openMemoryDb();
  errors = [];
  await addUsers(db, ['u']);
});
afterEach(() => db.destroy());

const NOW = Date.parse('2027-03-14T12:00:00Z');

/** Deps for pushes of countHelpShown, which touch nothing but the counts and the limiter. */
function depsWith(
  hit: RateLimiter['hit'] = () => Promise.resolve({ count: 1, limited: false, retryAfter: 0 }),
): Deps {
  return {
    db,
    now: () => NOW,
    config: { rateLimitIpPerHour: 100 } as Config,
    limiter: { hit } as unknown as RateLimiter,
    logger: { error: (...args: unknown[]) => errors.push(args) },
  } as unknown as Deps;
}

const helpShown = (id: string, day: string): ParsedMutation => ({
  id,
  type: 'countHelpShown',
  day,
  count: 2,
});

const counts = () =>
  db.selectFrom('referral_counts').select(['day', 'kind', 'count']).orderBy('day').execute();

const ID_1 = '0190a6f4-0000-7000-8000-000000000001';
const ID_2 = '0190a6f4-0000-7000-8000-000000000002';

describe('push', () => {
  it('applies a mutation once when two pushes of it race, and answers both the same', async () => {
    const deps = depsWith();
    const props = {
      userId: 'u',
      tier: 'free' as const,
      mutations: [helpShown(ID_1, '2027-03-14')],
    };
    const [first, second] = await Promise.all([push(deps, props), push(deps, props)]);
    expect(first).toEqual(second);
    expect(first.results.map((result) => result.status)).toEqual(['applied']);
    expect(await counts()).toEqual([{ day: '2027-03-14', kind: 'help_shown', count: 2 }]);
    expect(await push(deps, props)).toEqual(first);
    expect(await counts()).toEqual([{ day: '2027-03-14', kind: 'help_shown', count: 2 }]);
  });

  it('records a refusal and answers it again on a replay, counting nothing', async () => {
    const deps = depsWith();
    const props = {
      userId: 'u',
      tier: 'free' as const,
      mutations: [helpShown(ID_1, '2027-04-01')],
    };
    const answer = await push(deps, props);
    expect(answer.results[0]).toMatchObject({
      id: ID_1,
      status: 'rejected',
      error: {
        status: 400,
        code: 'validation_error',
        fields: { day: 'Day must not be in the future' },
      },
    });
    expect(await push(deps, props)).toEqual(answer);
    expect(await counts()).toEqual([]);
  });

  it('answers retry on an unexpected failure, records nothing and stops the push there', async () => {
    let failing = true;
    const deps = depsWith(() => {
      if (failing) return Promise.reject(new Error('the disk is full'));
      return Promise.resolve({ count: 1, limited: false, retryAfter: 0 });
    });
    const props = {
      userId: 'u',
      tier: 'free' as const,
      mutations: [helpShown(ID_1, '2027-03-14'), helpShown(ID_2, '2027-03-13')],
    };
    const answer = await push(deps, props);
    expect(answer.results).toEqual([
      {
        id: ID_1,
        status: 'retry',
        error: { status: 503, message: 'Not applied yet. Please try again.', code: 'retry' },
        rows: { chats: [], messages: [], tombstones: [] },
      },
    ]);
    expect(errors).toHaveLength(1);
    expect(await counts()).toEqual([]);
    failing = false;
    const again = await push(deps, props);
    expect(again.results.map((result) => result.status)).toEqual(['applied', 'applied']);
  });
});
