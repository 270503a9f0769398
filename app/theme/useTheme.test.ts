import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@shared/user';
import { clearLocalData } from '../db/chats';
import { db } from '../db/db';
import { settlePush } from '../db/serverRows';
import { claimDevice } from '../db/account';
import { setUser, useUserStore } from '../state/useUserStore';
import { syncNow } from '../sync/runtime';
import { adoptAccountTheme, followAccountTheme, setTheme } from './useTheme';
import { USER } from '../testUser';

vi.mock('../sync/runtime', () => ({ syncNow: vi.fn(() => Promise.resolve()) }));

let stopFollowing: (() => void) | undefined;

const shownTheme = () => document.documentElement.dataset.theme;
const waitingMutations = async () => (await db.outbox.toArray()).map((entry) => entry.mutation);

beforeEach(async () => {
  await clearLocalData();
  useUserStore.setState({ status: 'ready', user: null });
  setTheme('pink');
  localStorage.clear();
  vi.mocked(syncNow).mockClear();
});

afterEach(() => {
  stopFollowing?.();
  stopFollowing = undefined;
});

describe('her theme on her account', () => {
  it('signed in: applies at once, keeps it here, and queues updateProfile { theme } then syncs', async () => {
    await claimDevice(USER);
    setUser(USER);
    setTheme('dark');
    expect(shownTheme()).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    await vi.waitFor(() => expect(syncNow).toHaveBeenCalled());
    expect(await waitingMutations()).toEqual([
      { id: expect.any(String), type: 'updateProfile', profile: { theme: 'dark' } },
    ]);
  });

  it("a visitor's theme stays on the device: nothing queued, no sync", async () => {
    setTheme('light');
    expect(shownTheme()).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(await waitingMutations()).toEqual([]);
    expect(syncNow).not.toHaveBeenCalled();
  });

  it('takes her account theme when she arrives from the server (a new device at login)', async () => {
    stopFollowing = followAccountTheme();
    setUser({ ...USER, theme: 'dark' });
    await vi.waitFor(() => expect(shownTheme()).toBe('dark'));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(await waitingMutations()).toEqual([]);
  });

  it('keeps the device theme when her account has none yet', async () => {
    setTheme('light');
    setUser(USER);
    await adoptAccountTheme(USER);
    expect(shownTheme()).toBe('light');
  });

  it('her choice still waiting in the outbox wins over the theme the server sends', async () => {
    await claimDevice(USER);
    setUser(USER);
    setTheme('light');
    // An older answer about her account (a startup refresh, say) still says dark.
    const olderAnswer: PublicUser = { ...USER, theme: 'dark' };
    setUser(olderAnswer);
    await adoptAccountTheme(olderAnswer);
    expect(await waitingMutations()).toHaveLength(1);
    expect(shownTheme()).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('takes the server theme again once her own change has reached her account', async () => {
    await claimDevice(USER);
    setUser(USER);
    stopFollowing = followAccountTheme();
    setTheme('light');
    await vi.waitFor(async () => expect(await waitingMutations()).toHaveLength(1));
    const [mutation] = await waitingMutations();
    await settlePush([
      {
        id: mutation!.id,
        status: 'applied',
        rows: { chats: [], messages: [], tombstones: [] },
        user: { ...USER, theme: 'light' },
      },
    ]);
    expect(useUserStore.getState().user?.theme).toBe('light');
    // Later she picks dark on another device; this one hears of it.
    setUser({ ...USER, theme: 'dark' });
    await vi.waitFor(() => expect(shownTheme()).toBe('dark'));
  });
});
