import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@shared/user';
import { getCurrentUser } from '../http/auth';
import { refreshUser, setUser, useUserStore } from './useUserStore';

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
