import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../logger';
import { backgroundWrite, lastBackgroundWriteFailure } from './backgroundWrites';
import type { Db } from './database';
import { openMemoryDb } from './memory';

let db: Db;
beforeEach(async () => {
  db = await openMemoryDb();
});
afterEach(() => db.destroy());

function setUp() {
  const error = vi.fn();
  const props = { db, logger: { error } as unknown as Logger, now: () => 1234 };
  return { error, props };
}

const full = () =>
  Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));

describe('backgroundWrite', () => {
  it('logs a failed write, answers undefined and keeps when it failed', async () => {
    const { error, props } = setUp();
    expect(await backgroundWrite(props, 'pruning', full)).toBeUndefined();
    expect(error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ code: 'SQLITE_FULL' }) },
      'pruning failed',
    );
    expect(lastBackgroundWriteFailure(db)).toBe(1234);
  });

  it('forgets the failure once a write writes something, not for one that wrote nothing', async () => {
    const { props } = setUp();
    await backgroundWrite(props, 'claiming', full);
    const claim = (jobs: number) => () => Promise.resolve(jobs);
    expect(await backgroundWrite(props, 'claiming', claim(0), (n) => n > 0)).toBe(0);
    expect(lastBackgroundWriteFailure(db)).toBe(1234);
    expect(await backgroundWrite(props, 'claiming', claim(2), (n) => n > 0)).toBe(2);
    expect(lastBackgroundWriteFailure(db)).toBeUndefined();
  });
});

describe('backgroundWrite, the database out of reach', () => {
  it('forgets that failure at the next background write that reaches it, whatever it wrote', async () => {
    const { props } = setUp();
    const unreachable = () =>
      Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    await backgroundWrite(props, 'claiming', unreachable);
    expect(lastBackgroundWriteFailure(db)).toBe(1234);
    expect(
      await backgroundWrite(
        props,
        'claiming',
        () => Promise.resolve(0),
        (n) => n > 0,
      ),
    ).toBe(0);
    expect(lastBackgroundWriteFailure(db)).toBeUndefined();
  });
});
