import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@shared/user';
import type { Mutation, MutationResult } from '@shared/sync';
import { chatsNewestFirst, clearLocalData, toLocalChat } from '../db/chats';
import { db } from '../db/db';
import { queueProfileUpdate } from '../db/outbox';
import { publishSettled } from '../db/settled';
import { claimDevice } from '../db/account';
import { aChat } from '../db/testData';
import { getCurrentUser } from '../http/auth';
import { USER as TEST_USER } from '../testUser';
import { useToastStore } from './useToastStore';
import { refreshUser, setUser, updateUser, useUserStore } from './useUserStore';

vi.mock('../http/auth', () => ({ getCurrentUser: vi.fn() }));
const getCurrentUserMock = vi.mocked(getCurrentUser);

const USER = { id: 'u1', email: 'a@b.co' } as PublicUser;

beforeEach(() => {
  getCurrentUserMock.mockReset();
  useUserStore.setState({ status: 'loading', user: null });
});

describe('the current-user store', () => {
  it('starts loading and becomes ready with the user', async () => {
    getCurrentUserMock.mockResolvedValue(USER);
    expect(useUserStore.getState().status).toBe('loading');
    await refreshUser();
    expect(useUserStore.getState()).toMatchObject({ status: 'ready', user: USER });
  });

  it('is ready with no user when the API says nobody is signed in', async () => {
    getCurrentUserMock.mockResolvedValue(null);
    await refreshUser();
    expect(useUserStore.getState()).toMatchObject({ status: 'ready', user: null });
  });

  it('stops loading, and keeps what it knew, when the API cannot be reached', async () => {
    setUser(USER);
    getCurrentUserMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await refreshUser();
    expect(useUserStore.getState()).toMatchObject({ status: 'ready', user: USER });
  });

  it('never lets a slow, older answer overwrite a newer sign-in', async () => {
    let answerNobody: (value: PublicUser | null) => void = () => {};
    getCurrentUserMock.mockReturnValue(new Promise((resolve) => (answerNobody = resolve)));
    const slow = refreshUser();
    setUser(USER);
    answerNobody(null);
    await slow;
    expect(useUserStore.getState().user).toEqual(USER);
  });
});

describe('answers that come late', () => {
  it('never overwrite the store when it was set directly while the API was asked', async () => {
    let answer: (value: PublicUser | null) => void = () => {};
    getCurrentUserMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const slow = refreshUser();
    useUserStore.setState({ status: 'ready', user: null });
    answer(USER);
    await slow;
    expect(useUserStore.getState().user).toBeNull();
  });
});

describe('a plan that ends', () => {
  const PAID: PublicUser = {
    id: 'u2',
    email: 'paid@b.co',
    name: null,
    profileImage: null,
    subscriptionTier: 'basic',
    subscriptionEndsAt: '2026-03-01T12:00:00.000Z',
    metadata: { ageRange: null, location: null },
    theme: null,
  };

  beforeEach(() => {
    // Only the clock and timeouts: IndexedDB (refreshUser reads the outbox) keeps real tasks.
    vi.useFakeTimers({
      now: Date.parse('2026-03-01T11:00:00.000Z'),
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
    });
    return () => vi.useRealTimers();
  });

  it('makes her free at the moment it ends, then asks the server again', async () => {
    getCurrentUserMock.mockResolvedValue({
      ...PAID,
      subscriptionTier: 'free',
      subscriptionEndsAt: null,
    });
    setUser(PAID);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000 - 1);
    expect(useUserStore.getState().user?.subscriptionTier).toBe('basic');
    expect(getCurrentUserMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(useUserStore.getState().user?.subscriptionTier).toBe('free');
    expect(getCurrentUserMock).toHaveBeenCalledTimes(1);
  });

  it('keeps a plan that lasts for ever, and keeps waiting across the longest timer', async () => {
    setUser({ ...PAID, subscriptionTier: 'vip', subscriptionEndsAt: null });
    await vi.advanceTimersByTimeAsync(400 * 24 * 60 * 60 * 1000);
    expect(useUserStore.getState().user?.subscriptionTier).toBe('vip');

    const inThirtyDays = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
    getCurrentUserMock.mockResolvedValue({
      ...PAID,
      subscriptionTier: 'free',
      subscriptionEndsAt: null,
    });
    setUser({ ...PAID, subscriptionTier: 'premium', subscriptionEndsAt: inThirtyDays });
    await vi.advanceTimersByTimeAsync(29 * 24 * 60 * 60 * 1000);
    expect(useUserStore.getState().user?.subscriptionTier).toBe('premium');
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(useUserStore.getState().user?.subscriptionTier).toBe('free');
  });
});

/** Every field as the server sends it, none set. */
const FULL: PublicUser = { ...TEST_USER, id: 'u1', email: 'a@b.co' };

describe('her account after a profile change', () => {
  const ANA = { ...USER, name: 'Ana' };
  const change: Mutation = { id: 'mut-1', type: 'updateProfile', profile: { name: 'Ana' } };
  const result = (status: MutationResult['status']): MutationResult => ({
    id: 'mut-1',
    status,
    rows: { chats: [], messages: [], tombstones: [] },
  });

  it('shows the account the server answered with', () => {
    setUser(USER);
    publishSettled([{ mutation: change, result: result('applied'), user: ANA }]);
    expect(useUserStore.getState().user).toEqual(ANA);
  });

  it('asks the server again when it refused the change, and shows what it says', async () => {
    setUser(ANA);
    getCurrentUserMock.mockResolvedValue(USER);
    publishSettled([{ mutation: change, result: result('rejected') }]);
    await vi.waitFor(() => expect(useUserStore.getState().user).toEqual(USER));
    expect(getCurrentUserMock).toHaveBeenCalledTimes(1);
  });

  it('keeps her changes not sent yet on top of what the server says', async () => {
    const her: PublicUser = { ...FULL, name: null };
    await clearLocalData();
    await claimDevice(her);
    await queueProfileUpdate({ name: 'Ana', theme: 'dark' });
    getCurrentUserMock.mockResolvedValue(her);
    await refreshUser();
    expect(useUserStore.getState().user).toMatchObject({ name: 'Ana', theme: 'dark' });

    // Someone else signing in on this device never sees them.
    getCurrentUserMock.mockResolvedValue({ ...her, id: 'someone-else' });
    await refreshUser();
    expect(useUserStore.getState().user).toMatchObject({ id: 'someone-else', name: null });
  });

  it('changes nothing once she has logged out, or for another account', () => {
    setUser(null);
    updateUser(ANA);
    expect(useUserStore.getState().user).toBeNull();
    setUser(USER);
    updateUser({ ...ANA, id: 'someone-else' });
    expect(useUserStore.getState().user).toEqual(USER);
  });
});

describe('when the API says nobody is signed in on a device holding her data', () => {
  const HER = { ...FULL, id: 'her' };

  beforeEach(async () => {
    useToastStore.setState({ current: null });
    await clearLocalData();
    await claimDevice(HER);
    await db.chats.put(toLocalChat(aChat({ id: 'c1', title: 'Her wedding plans' })));
  });

  it('locks her data before anyone is shown as signed out, so no screen draws it', async () => {
    getCurrentUserMock.mockResolvedValue(null);
    let drawnWhenSignedOut: string[] | undefined;
    const stop = useUserStore.subscribe((state) => {
      if (state.status === 'ready' && !state.user) {
        void chatsNewestFirst().then((chats) => (drawnWhenSignedOut = chats.map((c) => c.title)));
      }
    });
    await refreshUser();
    stop();
    await vi.waitFor(() => expect(drawnWhenSignedOut).toEqual([]));
    expect(await db.chats.count()).toBe(1);
  });

  it('tells her she was signed out when she was signed in a moment ago', async () => {
    setUser(HER);
    getCurrentUserMock.mockResolvedValue(null);
    await refreshUser();
    expect(useUserStore.getState().user).toBeNull();
    expect(useToastStore.getState().current?.title).toBe('You were signed out');
  });

  it('leaves her own log-out (or a deleted account) to say so and wipe, when it comes first', async () => {
    setUser(HER);
    let answer: (value: PublicUser | null) => void = () => {};
    getCurrentUserMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const asked = refreshUser();
    setUser(null);
    answer(null);
    await asked;
    expect(useToastStore.getState().current).toBeNull();
    expect(await db.meta.get('lockedAt')).toBeUndefined();
  });

  it('never starts her as signed in offline once her session has ended here', async () => {
    getCurrentUserMock.mockResolvedValue(null);
    await refreshUser();
    getCurrentUserMock.mockRejectedValue(new TypeError('Failed to fetch'));
    useUserStore.setState({ status: 'loading', user: null });
    await refreshUser();
    expect(useUserStore.getState()).toMatchObject({ status: 'ready', user: null });
  });
});
