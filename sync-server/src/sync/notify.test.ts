import { setImmediate } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/database';
import type { Db } from '../db/database';
import { openMemoryDb } from '../db/memory';
import { changeFeed } from './notify';

let db: Db;
beforeEach(async () => {
  db = await openMemoryDb();
});
afterEach(() => db.destroy());

/** What her subscriber heard, `account` flags in order. */
function follow(userId: string): boolean[] {
  const heard: boolean[] = [];
  changeFeed(db).subscribe(userId, { changed: (account) => heard.push(account), closed: () => {} });
  return heard;
}

describe('changeFeed', () => {
  it('tells her devices once the write has committed, once per turn however many writes', async () => {
    const heard = follow('u');
    let heardInside: boolean[] = [];
    await inTransaction(db, async (trx) => {
      changeFeed(trx).changed('u');
      changeFeed(trx).changed('u', 'account');
      await setImmediate();
      heardInside = [...heard];
    });
    expect(heardInside).toEqual([]);
    // Over the bus, then to her devices on the next turn.
    await setImmediate();
    await setImmediate();
    expect(heard).toEqual([true]);
  });

  it('says nothing of a write rolled back', async () => {
    const heard = follow('u');
    await expect(
      inTransaction(db, async (trx) => {
        changeFeed(trx).changed('u');
        await Promise.resolve();
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    await setImmediate();
    await setImmediate();
    expect(heard).toEqual([]);
  });

  it('is one feed for the database and its transactions', async () => {
    follow('u');
    await inTransaction(db, async (trx) => {
      expect(changeFeed(trx).subscribers('u')).toBe(1);
      await Promise.resolve();
    });
    const other = await openMemoryDb();
    try {
      expect(changeFeed(other).subscribers('u')).toBe(0);
    } finally {
      await other.destroy();
    }
  });

  it('tells at once a write outside a transaction', async () => {
    const heard = follow('u');
    changeFeed(db).changed('u');
    await setImmediate();
    await setImmediate();
    expect(heard).toEqual([false]);
  });
});
