import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { openMemoryDb } from '../db/memory';
import type { Deps } from '../deps';
import {
  endSession,
  findLiveSession,
  isSessionLive,
  keptUserAgent,
  MAX_SESSIONS_PER_USER,
  SESSION_LIFETIME_MS,
  startSession,
} from './lifecycle';
import { addUsers } from '../db/testData';

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
  async function depsWith(secret: string) {
    const db = await openMemoryDb();
    opened.push(db);
    await addUsers(db, ['u1']);
    let now = 1_000;
    const deps = {
      db,
      now: () => now,
      config: { sessionSecret: secret } as Config,
    } as unknown as Deps;
    return { deps, later: (ms: number) => (now += ms) };
  }

  const opened: Db[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.destroy()));
  });

  it('finds her session by its id every time, whatever ids came between, and never by another secret', async () => {
    const { deps } = await depsWith('secret-one');
    const { id } = await startSession(deps, { userId: 'u1' });
    expect((await findLiveSession(deps, { id }))?.userId).toBe('u1');
    for (let index = 0; index < 20; index += 1) {
      expect(
        await findLiveSession(deps, { id: randomBytes(32).toString('base64url') }),
      ).toBeUndefined();
    }
    expect((await findLiveSession(deps, { id }))?.userId).toBe('u1');
    expect(
      await findLiveSession({ ...deps, config: { sessionSecret: 'secret-two' } } as Deps, { id }),
    ).toBeUndefined();
  });

  it('finds it no more once it is ended or has expired', async () => {
    const { deps, later } = await depsWith('secret');
    const ended = await startSession(deps, { userId: 'u1' });
    const expiring = await startSession(deps, { userId: 'u1' });
    expect(await findLiveSession(deps, { id: ended.id })).toBeDefined();
    expect(await isSessionLive(deps, ended.idHash)).toBe(true);
    await endSession(deps, { idHash: ended.idHash });
    expect(await findLiveSession(deps, { id: ended.id })).toBeUndefined();
    expect(await isSessionLive(deps, ended.idHash)).toBe(false);
    expect(await findLiveSession(deps, { id: expiring.id })).toBeDefined();
    later(SESSION_LIFETIME_MS);
    expect(await isSessionLive(deps, expiring.idHash)).toBe(false);
    expect(await findLiveSession(deps, { id: expiring.id })).toBeUndefined();
  });

  it('keeps her newest sessions, the one just started always among them, even in one millisecond', async () => {
    const { deps, later } = await depsWith('secret');
    const first = await startSession(deps, { userId: 'u1' });
    later(1);
    const started: string[] = [];
    for (let index = 0; index < MAX_SESSIONS_PER_USER + 5; index += 1) {
      const session = await startSession(deps, { userId: 'u1' });
      started.push(session.id);
      expect(await findLiveSession(deps, { id: session.id })).toBeDefined();
    }
    const left = await deps.db.selectFrom('sessions').select('id_hash').execute();
    expect(left).toHaveLength(MAX_SESSIONS_PER_USER);
    expect(await findLiveSession(deps, { id: first.id })).toBeUndefined();
    // Of those begun in one millisecond, the first ones started are the ones that ended.
    const kept = await Promise.all(started.map((id) => findLiveSession(deps, { id })));
    expect(kept.map((session) => session !== undefined)).toEqual([
      ...Array<boolean>(5).fill(false),
      ...Array<boolean>(MAX_SESSIONS_PER_USER).fill(true),
    ]);
  });
});
