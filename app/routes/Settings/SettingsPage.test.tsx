import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../http/auth';
import { clearLocalData } from '../../db/chats';
import { db } from '../../db/db';
import { claimDevice } from '../../db/account';
import { draftOf, saveDraft } from '../../db/drafts';
import { givenUnsentWork } from '../../db/testData';
import { ApiError } from '../../http/client';
import { useUserStore } from '../../state/useUserStore';
import { givenUser, renderApp, USER } from '../../test-utils';
import { fakeAccountApi } from './accountApi.fake';

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
    await givenUnsentWork();
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

describe('/settings: her devices, her data, and what the page promises', () => {
  it('shows Account, Purchases, Profile, Theme, What your besties remember, Your devices, Your data, Privacy, then Log out', () => {
    renderApp('/settings');
    const sections = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(sections).toEqual([
      'Account',
      'Purchases',
      'Profile',
      'Theme',
      'What your besties remember',
      'Your devices',
      'Your data',
      'Privacy',
    ]);
    const privacy = screen.getByRole('heading', { name: 'Privacy' });
    const logOut = screen.getByRole('button', { name: 'Log out' });
    expect(privacy.compareDocumentPosition(logOut) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says truly where her theme is kept, and links the privacy policy', () => {
    renderApp('/settings');
    const note = screen.getByRole('region', { name: 'Privacy' });
    expect(note.textContent).toContain('Your theme is kept on this device and on your account');
    expect(note.textContent).not.toContain('stays on this device');
    expect(within(note).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
  });

  it("offers 'Download my data' and 'Delete my account'", () => {
    renderApp('/settings');
    const data = screen.getByRole('region', { name: 'Your data' });
    expect(within(data).getByRole('button', { name: 'Download my data' })).toBeTruthy();
    expect(within(data).getByRole('button', { name: 'Delete my account' })).toBeTruthy();
  });

  it("deletes her account from the page: home page, 'Account deleted', nothing left on the device", async () => {
    const api = fakeAccountApi({ 'DELETE /api/user': () => Response.json({ ok: true }) });
    await saveDraft('c1', 'half a thought');
    try {
      const { location } = renderApp('/settings');
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Delete my account' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
      await user.type(dialog.getByLabelText('Password'), 'secret1');
      await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
      await user.click(dialog.getByRole('button', { name: 'Delete account' }));
      await waitFor(() => expect(location()).toBe('/'));
      expect(useUserStore.getState().user).toBeNull();
      expect(toastArea().getByText('Account deleted')).toBeTruthy();
      expect(api.calls()).toContain('DELETE /api/user');
      await waitFor(async () => expect(await draftOf('c1')).toBeFalsy());
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
