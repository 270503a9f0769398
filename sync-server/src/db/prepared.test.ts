import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction, postgresDb, sqliteDb } from './database';
import type { Db, Engine } from './database';
import { migrate } from './migrate';
import { openDatabase } from './open';
import { prepared } from './prepared';
import { testPostgres } from './testPostgres';
import type { TestPostgres } from './testPostgres';

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await testPostgres();
}, 60_000);
afterAll(() => postgres?.stop());

const usersBornAfter = prepared((db, values: { after: number; limit: number }) =>
  db
    .selectFrom('users')
    .select('id')
    .where('created_at', '>', values.after)
    .where('email', 'like', '%@example.com')
    .orderBy('id')
    .limit(values.limit),
);

const renamed = prepared((db, values: { id: string; name: string | null }) =>
  db.updateTable('users').set({ name: values.name }).where('id', '=', values.id),
);

describe.each(['sqlite', 'postgres'] as const)('a prepared query on %s', (engine: Engine) => {
  let db: Db;
  beforeEach(async () => {
    db =
      engine === 'sqlite'
        ? sqliteDb(openDatabase(':memory:'))
        : postgresDb(await postgres.createDatabase());
    await migrate(db);
    for (const [id, at] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const) {
      await db
        .insertInto('users')
        .values({
          id,
          email: `${id}@example.com`,
          password_hash: 'h',
          created_at: at,
          updated_at: 0,
        })
        .execute();
    }
  });
  afterEach(() => db.destroy());

  it("answers each call for that call's values, keeping the constants it was built with", async () => {
    expect(await usersBornAfter.execute(db, { after: 0, limit: 10 })).toEqual([
      { id: 'a' },
      { id: 'b' },
      { id: 'c' },
    ]);
    expect(await usersBornAfter.execute(db, { after: 1, limit: 1 })).toEqual([{ id: 'b' }]);
    expect(await usersBornAfter.executeTakeFirst(db, { after: 3, limit: 5 })).toBeUndefined();
  });

  it('writes, inside a transaction as outside, and says how many rows it changed', async () => {
    const changed = await renamed.run(db, { id: 'a', name: 'Ana' });
    expect(Number(changed.numAffectedRows)).toBe(1);
    await expect(
      inTransaction(db, async (trx) => {
        await renamed.run(trx, { id: 'b', name: 'Bea' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await inTransaction(db, (trx) => renamed.run(trx, { id: 'c', name: null }));
    const names = await db.selectFrom('users').select(['id', 'name']).orderBy('id').execute();
    expect(names).toEqual([
      { id: 'a', name: 'Ana' },
      { id: 'b', name: null },
      { id: 'c', name: null },
    ]);
  });

  it('refuses a call missing one of its values instead of running without it', async () => {
    await expect(renamed.run(db, { id: 'a' } as never)).rejects.toThrow('no value for name');
    expect(
      (await db.selectFrom('users').select('name').where('id', '=', 'a').executeTakeFirst())?.name,
    ).toBeNull();
  });
});
