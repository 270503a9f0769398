import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearLocalData } from '../db/chats';
import { db } from '../db/db';
import { queueProfileUpdate, themeChangeWaiting } from '../db/outbox';
import { onMutationSettled, watchMutation, type SettledMutation } from '../db/settled';
import { settlePush } from '../db/serverRows';
import { claimDevice, lastUser } from '../db/account';
import { createSyncEngine } from './engine';
import { FakeSyncServer } from './server.fake';
import { USER } from '../testUser';

const NO_ROWS = { chats: [], messages: [], tombstones: [] };

let server: FakeSyncServer;
let published: SettledMutation[];
let stopListening: () => void;

const engine = () => createSyncEngine({ transport: server, isOnline: () => true });

beforeEach(async () => {
  await clearLocalData();
  server = new FakeSyncServer();
  server.user = USER;
  await claimDevice(USER);
  published = [];
  stopListening = onMutationSettled((settled) => published.push(settled));
});

afterEach(() => stopListening());

describe('a profile change on its way out', () => {
  it('is her account here at once and one updateProfile in the outbox, trimmed', async () => {
    const { mutationId, user } = await queueProfileUpdate({
      name: '  Ana ',
      metadata: { location: ' ' },
    });
    expect(user).toMatchObject({ name: 'Ana', metadata: { ageRange: null, location: null } });
    expect(await lastUser()).toEqual(user);
    expect((await db.outbox.toArray()).map((entry) => entry.mutation)).toEqual([
      {
        id: mutationId,
        type: 'updateProfile',
        profile: { name: 'Ana', metadata: { location: null } },
      },
    ]);
    expect(await themeChangeWaiting()).toBe(false);
  });

  it('refuses a change the shared rules refuse, and queues nothing', async () => {
    await expect(queueProfileUpdate({ name: 'A'.repeat(61) })).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
    expect((await lastUser())?.name).toBeNull();
  });

  it('reaches the fake server, whose answer becomes her account here, and is published', async () => {
    const { mutationId } = await queueProfileUpdate({ name: 'Ana', theme: 'dark' });
    await engine().sync();
    expect(server.user).toMatchObject({ name: 'Ana', theme: 'dark' });
    expect(await db.outbox.count()).toBe(0);
    expect(await lastUser()).toEqual(server.user);
    expect(published).toEqual([
      {
        mutation: expect.objectContaining({ id: mutationId, type: 'updateProfile' }),
        result: expect.objectContaining({ id: mutationId, status: 'applied' }),
        user: server.user,
      },
    ]);
  });

  it('keeps her changes still waiting on top of an earlier answer', async () => {
    const first = await queueProfileUpdate({ name: 'Ana' });
    await queueProfileUpdate({ theme: 'light' });
    await settlePush([
      { id: first.mutationId, status: 'applied', rows: NO_ROWS, user: { ...USER, name: 'Ana' } },
    ]);
    expect(await lastUser()).toMatchObject({ name: 'Ana', theme: 'light' });
    expect(published[0]?.user).toMatchObject({ name: 'Ana', theme: 'light' });
    expect(await themeChangeWaiting()).toBe(true);
  });

  it('is refused by the fake server with its words, and nothing of it is kept as the answer', async () => {
    server.refuseProfileWith = 'That name is not allowed';
    const { mutationId } = await queueProfileUpdate({ name: 'Ana' });
    const watch = watchMutation(mutationId);
    await engine().sync();
    const settled = await watch.settled;
    expect(settled.result).toMatchObject({
      status: 'rejected',
      error: { message: 'That name is not allowed' },
    });
    expect(settled.user).toBeUndefined();
    expect(server.user.name).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('tells a watch started after it settled what became of it', async () => {
    const { mutationId } = await queueProfileUpdate({ name: 'Ana' });
    await engine().sync();
    expect(watchMutation(mutationId).current()?.result.status).toBe('applied');
  });

  it("never keeps another account's answer as hers", async () => {
    const { mutationId } = await queueProfileUpdate({ name: 'Ana' });
    await settlePush([
      {
        id: mutationId,
        status: 'applied',
        rows: NO_ROWS,
        user: { ...USER, id: 'someone-else', name: 'Eve' },
      },
    ]);
    expect(await lastUser()).toMatchObject({ id: USER.id, name: 'Ana' });
  });
});
