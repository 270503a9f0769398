import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER } from '../testUser';
import { clearLocalData } from './chats';
import { db } from './db';
import { queueProfileUpdate } from './outbox';
import { claimDevice } from './account';

// Offline, before the service worker holds every chunk: the schema's chunk cannot load.
vi.mock('./normalizeProfile', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

beforeEach(async () => {
  await clearLocalData();
  await claimDevice(USER);
});

describe('a profile change when the schema cannot load', () => {
  it('still queues a theme she picks: it needs no schema', async () => {
    const { user } = await queueProfileUpdate({ theme: 'dark' });
    expect(user?.theme).toBe('dark');
    const [entry] = await db.outbox.toArray();
    expect(entry?.mutation).toMatchObject({ type: 'updateProfile', profile: { theme: 'dark' } });
  });

  it('refuses anything else, and queues nothing', async () => {
    await expect(queueProfileUpdate({ name: 'Ana' })).rejects.toThrow();
    await expect(queueProfileUpdate({ theme: 'neon' as 'dark' })).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
  });
});
