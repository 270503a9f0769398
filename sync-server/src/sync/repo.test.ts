import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/database';
import type { Db } from '../db/database';
import { openMemoryDb } from '../db/memory';
import { deleteProcessedBefore, findProcessed, recordProcessed } from './repo';
import type { StoredResult } from './repo';
import { addUsers } from '../db/testData';

let db: Db;
beforeEach(async () => {
  db = await openMemoryDb();
  await addUsers(db, ['u']);
});
afterEach(() => db.destroy());

const applied: StoredResult = {
  status: 'applied',
  chatIds: ['c'],
  messageIds: [],
  tombstoneIds: [],
};
const rejected: StoredResult = {
  status: 'rejected',
  error: { status: 404, message: 'Chat not found', code: 'not_found' },
  chatIds: [],
  messageIds: [],
  tombstoneIds: [],
};
const key = { userId: 'u', mutationId: 'm1' };

describe('processed mutations', () => {
  it('keeps the first outcome recorded for an id: a second is not recorded', async () => {
    expect(await findProcessed(db, key)).toBeUndefined();
    expect(await recordProcessed(db, { ...key, result: applied, createdAt: 1 })).toBe(true);
    expect(await recordProcessed(db, { ...key, result: rejected, createdAt: 2 })).toBe(false);
    expect(await findProcessed(db, key)).toEqual(applied);
  });

  it('records nothing when the transaction of its writes is rolled back', async () => {
    await expect(
      inTransaction(db, async (trx) => {
        await recordProcessed(trx, { ...key, result: applied, createdAt: 1 });
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(await findProcessed(db, key)).toBeUndefined();
  });

  it('forgets the ids processed before a time, and says how many', async () => {
    await recordProcessed(db, { ...key, result: applied, createdAt: 10 });
    await recordProcessed(db, { userId: 'u', mutationId: 'm2', result: applied, createdAt: 20 });
    expect(await deleteProcessedBefore(db, 20)).toBe(1);
    expect(await findProcessed(db, key)).toBeUndefined();
    expect(await findProcessed(db, { userId: 'u', mutationId: 'm2' })).toEqual(applied);
  });
});
