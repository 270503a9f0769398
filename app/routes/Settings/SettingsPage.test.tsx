import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../http/auth';
import { clearLocalData } from '../../db/chats';
import { db } from '../../db/db';
import { queueMessage } from '../../db/outbox';
import { claimDevice, draftOf, saveDraft } from '../../db/sync';
import { aChat } from '../../db/testData';
import { ApiError } from '../../http/client';
import { useUserStore } from '../../state/useUserStore';
import { givenUser, renderApp, USER } from '../../test-utils';

vi.mock('../../http/auth', () => ({
  login: vi.fn(),
  register: vi.fn(),
  logout: vi.fn(),
  getCurrentUser: vi.fn(),
}));

function toastArea() {
  return within(screen.getByRole('region', { name: /notifications/i }));
}

beforeEach(async () => {
  await clearLocalData();
  vi.mocked(logout).mockReset();
  givenUser({ ...USER, subscriptionTier: 'premium' });
  document.documentElement.dataset.theme = 'pink';
});

describe('/settings', () => {
  it('shows her email and plan label, and a back link to chat', () => {
    renderApp('/settings');
    expect(screen.getByText(USER.email)).toBeTruthy();
    expect(screen.getByText('Premium Bestie')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to chat' }).getAttribute('href')).toBe('/chat');
  });

  it("labels a free account 'Free Trial'", () => {
    givenUser(USER);
    renderApp('/settings');
    expect(screen.getByText('Free Trial')).toBeTruthy();
  });

  it('applies and saves the theme she picks, at once', async () => {
    renderApp('/settings');
    const group = screen.getByRole('group', { name: 'Theme' });
    const names = within(group)
      .getAllByRole('radio')
      .map((radio) => radio.getAttribute('value'));
    expect(names).toEqual(['pink', 'light', 'dark']);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Dark' }).checked).toBe(true);
  });

  it("logs out: toast 'Logged out', no user, home page", async () => {
    vi.mocked(logout).mockResolvedValue();
    const { location } = renderApp('/settings');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(useUserStore.getState().user).toBeNull();
    expect(toastArea().getByText('Logged out')).toBeTruthy();
    expect(toastArea().getByText('See you again soon, bestie!')).toBeTruthy();
  });

  it('leaves nothing of hers on the device when she logs out', async () => {
    vi.mocked(logout).mockResolvedValue();
    await claimDevice(USER);
    await queueMessage({
      chatId: 'c1',
      messageId: 'm1',
      text: 'my secret',
      newChat: { persona: aChat({ id: 'c1' }).persona },
    });
    await saveDraft('c1', 'half a thought');
    const { location } = renderApp('/settings');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(location()).toBe('/'));
    await waitFor(async () => {
      const counts = await Promise.all(db.tables.map((table) => table.count()));
      expect(counts.every((count) => count === 0)).toBe(true);
    });
  });

  it("keeps her device's data when logging out fails", async () => {
    vi.mocked(logout).mockRejectedValue(new ApiError(500, 'Internal Server Error', ''));
    await saveDraft('c1', 'half a thought');
    renderApp('/settings');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    expect(await toastArea().findByText('Logout failed')).toBeTruthy();
    expect(await draftOf('c1')).toBe('half a thought');
  });

  it("toasts 'Logout failed' and stays when logging out fails", async () => {
    vi.mocked(logout).mockRejectedValue(new ApiError(500, 'Internal Server Error', ''));
    const { location } = renderApp('/settings');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    expect(await toastArea().findByText('Logout failed')).toBeTruthy();
    expect(location()).toBe('/settings');
    expect(useUserStore.getState().user).not.toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Log out' }).disabled).toBe(false);
  });
});
