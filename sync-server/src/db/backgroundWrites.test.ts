import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '../logger';
import { backgroundWrite, lastBackgroundWriteFailure } from './backgroundWrites';
import { openDatabase } from './open';

function setUp() {
  const db = openDatabase(':memory:');
  db.exec('CREATE TABLE t (x)');
  const error = vi.fn();
  const props = { legacyDb: db, logger: { error } as unknown as Logger, now: () => 1234 };
  return { db, error, props };
}

const full = () => {
  throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
};

describe('backgroundWrite', () => {
  it('logs a failed write, answers undefined and keeps when it failed', () => {
    const { db, error, props } = setUp();
    expect(backgroundWrite(props, 'pruning', full)).toBeUndefined();
    expect(error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ code: 'SQLITE_FULL' }) },
      'pruning failed',
    );
    expect(lastBackgroundWriteFailure(db)).toBe(1234);
  });

  it('forgets the failure once a write changes something, not for one that changed nothing', () => {
    const { db, props } = setUp();
    backgroundWrite(props, 'claiming', full);
    const nothing = db.prepare('UPDATE t SET x = 1 WHERE x = 2');
    expect(backgroundWrite(props, 'claiming', () => nothing.run().changes)).toBe(0);
    expect(lastBackgroundWriteFailure(db)).toBe(1234);
    backgroundWrite(props, 'claiming', () => db.prepare('INSERT INTO t VALUES (1)').run());
    expect(lastBackgroundWriteFailure(db)).toBeUndefined();
  });
});
