import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  afterCommit,
  databaseErrorText,
  engineOf,
  inTransaction,
  isDatabaseUnavailable,
  postgresDb,
  sqliteDb,
} from './database';
import type { Db, Engine } from './database';
import { migrate } from './migrate';
import { openDatabase } from './open';
import { testPostgres } from './testPostgres';
import type { TestPostgres } from './testPostgres';
import { addUsers } from './testData';

// Its own cluster: the last cases stop the server, which must not stop other files' tests.
let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await testPostgres({ own: true });
}, 60_000);
afterAll(() => postgres?.stop());

/** The PostgreSQL database `open` made last. */
let databaseUrl: string | undefined;

async function open(engine: Engine): Promise<Db> {
  databaseUrl = engine === 'postgres' ? await postgres.createDatabase() : undefined;
  const db = databaseUrl ? postgresDb(databaseUrl) : sqliteDb(openDatabase(':memory:'));
  await migrate(db);
  return db;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function userIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

describe.each(['sqlite', 'postgres'] as const)('inTransaction on %s', (engine) => {
  let db: Db;
  beforeEach(async () => {
    db = await open(engine);
    expect(engineOf(db)).toBe(engine);
  });
  afterEach(() => db.destroy());

  it('commits what the callback wrote and answers what it answered', async () => {
    const answer = await inTransaction(db, async (trx) => {
      await addUsers(trx, ['a']);
      await addUsers(trx, ['b']);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await userIds(db)).toEqual(['a', 'b']);
  });

  it('rolls everything back when the callback throws', async () => {
    await expect(
      inTransaction(db, async (trx) => {
        await addUsers(trx, ['a']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await userIds(db)).toEqual([]);
  });

  it('nests as a savepoint: an inner failure undoes only the inner writes', async () => {
    await inTransaction(db, async (trx) => {
      await addUsers(trx, ['outer-before']);
      await expect(
        inTransaction(trx, async (inner) => {
          await addUsers(inner, ['inner']);
          throw new Error('inner failed');
        }),
      ).rejects.toThrow('inner failed');
      await inTransaction(trx, async (inner) => addUsers(inner, ['inner-ok']));
      await addUsers(trx, ['outer-after']);
    });
    expect(await userIds(db)).toEqual(['inner-ok', 'outer-after', 'outer-before']);
  });

  it('runs afterCommit hooks once committed, never after a rollback or a failed savepoint', async () => {
    const calls: string[] = [];
    await inTransaction(db, async (trx) => {
      await addUsers(trx, ['a']);
      afterCommit(trx, () => calls.push('outer'));
      await inTransaction(trx, async (inner) => {
        afterCommit(inner, () => calls.push('inner kept'));
      });
      await inTransaction(trx, async (inner) => {
        afterCommit(inner, () => calls.push('inner undone'));
        throw new Error('undo');
      }).catch(() => {});
      expect(calls).toEqual([]);
    });
    expect(calls).toEqual(['outer', 'inner kept']);

    await inTransaction(db, async (trx) => {
      afterCommit(trx, () => calls.push('rolled back'));
      throw new Error('no');
    }).catch(() => {});
    expect(calls).toEqual(['outer', 'inner kept']);

    afterCommit(db, () => calls.push('outside a transaction: at once'));
    expect(calls).toEqual(['outer', 'inner kept', 'outside a transaction: at once']);
  });

  it('lands two concurrent read-then-write transactions on one counter', async () => {
    await db
      .insertInto('rate_limits')
      .values({ bucket: 'b', key: 'k', window_start: 0, count: 0 })
      .execute();
    // On PostgreSQL both read before either writes (SQLite runs one transaction at a time):
    // the second to write cannot be serialized and is run again.
    let reads = 0;
    let bothRead: () => void = () => {};
    const bothHaveRead = new Promise<void>((resolve) => (bothRead = resolve));
    const increment = () =>
      inTransaction(db, async (trx) => {
        const { count } = await trx
          .selectFrom('rate_limits')
          .select('count')
          .where('bucket', '=', 'b')
          .executeTakeFirstOrThrow();
        reads += 1;
        if (engine === 'postgres' && reads <= 2) {
          if (reads === 2) bothRead();
          await bothHaveRead;
        }
        await sleep(10);
        await trx
          .updateTable('rate_limits')
          .set({ count: count + 1 })
          .where('bucket', '=', 'b')
          .execute();
      });
    await Promise.all([increment(), increment()]);
    const row = await db.selectFrom('rate_limits').select('count').executeTakeFirstOrThrow();
    expect(row.count).toBe(2);
    expect(reads).toBe(engine === 'postgres' ? 3 : 2);
  });

  it('keeps one state of the data through a read-only transaction while another writes', async () => {
    await addUsers(db, ['a']);
    // Another process's connection (SQLite in memory has none: open.test.ts shows it on a file).
    const other = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
    await other?.connect();
    const seen = await inTransaction(
      db,
      async (trx) => {
        const before = await userIds(trx);
        await other?.query(
          `INSERT INTO users (id, email, password_hash, created_at, updated_at)
           VALUES ('b', 'b@example.com', 'h', 0, 0)`,
        );
        const after = await userIds(trx);
        return { before, after };
      },
      { readOnly: true },
    );
    expect(seen).toEqual({ before: ['a'], after: ['a'] });
    if (other) {
      expect(await userIds(db)).toEqual(['a', 'b']);
      await other.end();
    }
  });

  it('reads BIGINT milliseconds and counts back as numbers', async () => {
    await addUsers(db, ['u'], 1_900_000_000_000);
    const row = await db
      .selectFrom('users')
      .select(['created_at', (eb) => eb.fn.countAll().as('n')])
      .groupBy('created_at')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ created_at: 1_900_000_000_000, n: 1 });
  });
});

describe('PostgreSQL unreachable', () => {
  it('fails a query with an error isDatabaseUnavailable knows, and recovers when the server is back', async () => {
    const db = await open('postgres');
    try {
      await addUsers(db, ['before']);
      postgres.cluster!.pause();
      let failure: unknown;
      try {
        await userIds(db);
      } catch (error) {
        failure = error;
      }
      expect(failure).toBeDefined();
      expect(isDatabaseUnavailable(failure)).toBe(true);
      // And again while it stays down: a new connection is refused.
      const refused = await userIds(db).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(refused)).toBe(true);

      postgres.cluster!.resume();
      expect(await userIds(db)).toEqual(['before']);
      await addUsers(db, ['after']);
      expect(await userIds(db)).toEqual(['after', 'before']);
    } finally {
      postgres.cluster!.resume();
      await db.destroy();
    }
  }, 60_000);

  it('says what failed, also for a refusal from every address of a host', () => {
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    expect(databaseErrorText(new AggregateError([refused('::1:1'), refused('127.0.0.1:1')]))).toBe(
      'connect ECONNREFUSED ::1:1; connect ECONNREFUSED 127.0.0.1:1',
    );
    expect(databaseErrorText(new Error('Connection terminated unexpectedly'))).toBe(
      'Connection terminated unexpectedly',
    );
  });

  it('knows connection failures from query mistakes', () => {
    for (const error of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(
        new AggregateError([
          Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' }),
          Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
        ]),
      ),
    ]) {
      expect(isDatabaseUnavailable(error), (error as Error).message).toBe(true);
    }
    for (const error of [
      Object.assign(new Error('duplicate key value'), { code: '23505' }),
      Object.assign(new Error('could not serialize access'), { code: '40001' }),
      Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }),
      new Error('syntax error'),
      'ECONNREFUSED',
      null,
      new AggregateError([]),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
