import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { Deps } from '../deps';
import {
  endSession,
  findLiveSession,
  KNOWN_SESSION_IDS,
  keptUserAgent,
  SESSION_LIFETIME_MS,
  startSession,
} from './lifecycle';

describe('keptUserAgent', () => {
  it('keeps the user agent trimmed, at most 300 characters', () => {
    expect(keptUserAgent('  curl/8.5.0 \n')).toBe('curl/8.5.0');
    const kept = keptUserAgent(`Mozilla/5.0 ${'x'.repeat(500)}`);
    expect(kept).toHaveLength(300);
    expect(kept?.startsWith('Mozilla/5.0 x')).toBe(true);
  });

  it('keeps nothing (null) for an empty or missing one', () => {
    expect(keptUserAgent('   ')).toBeNull();
    expect(keptUserAgent('')).toBeNull();
    expect(keptUserAgent(undefined)).toBeNull();
  });
});

describe('findLiveSession', () => {
  /** A database holding her account (u1), and a clock. */
  function depsWith(secret: string) {
    const db = openDatabase(':memory:');
    migrate(db);
    db.prepare(
      `INSERT INTO users (id, email, password_hash, created_at, updated_at)
       VALUES ('u1', 'u1@example.com', 'h', 0, 0)`,
    ).run();
    let now = 1_000;
    const deps = {
      db,
      now: () => now,
      config: { sessionSecret: secret } as Config,
    } as unknown as Deps;
    return { deps, later: (ms: number) => (now += ms) };
  }

  it('finds her session by its id every time, whatever ids came between, and never by another secret', () => {
    const { deps } = depsWith('secret-one');
    const { id } = startSession(deps, { userId: 'u1' });
    expect(findLiveSession(deps, { id })?.userId).toBe('u1');
    for (let index = 0; index <= KNOWN_SESSION_IDS; index += 1) {
      expect(findLiveSession(deps, { id: randomBytes(32).toString('base64url') })).toBeUndefined();
    }
    expect(findLiveSession(deps, { id })?.userId).toBe('u1');
    expect(
      findLiveSession({ ...deps, config: { sessionSecret: 'secret-two' } } as Deps, { id }),
    ).toBeUndefined();
  });

  it('finds it no more once it is ended or has expired', () => {
    const { deps, later } = depsWith('secret');
    const ended = startSession(deps, { userId: 'u1' });
    const expiring = startSession(deps, { userId: 'u1' });
    expect(findLiveSession(deps, { id: ended.id })).toBeDefined();
    endSession(deps, { idHash: ended.idHash });
    expect(findLiveSession(deps, { id: ended.id })).toBeUndefined();
    expect(findLiveSession(deps, { id: expiring.id })).toBeDefined();
    later(SESSION_LIFETIME_MS);
    expect(findLiveSession(deps, { id: expiring.id })).toBeUndefined();
  });
});
