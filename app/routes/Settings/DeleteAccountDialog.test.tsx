import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteAccount } from '../../http/account';
import type * as AccountApi from '../../http/account';
import { ApiError } from '../../http/client';
import { givenUser, USER } from '../../test-utils';
import { DeleteAccountDialog } from './DeleteAccountDialog';

vi.mock('../../http/account', async (importOriginal) => ({
  ...(await importOriginal<typeof AccountApi>()),
  deleteAccount: vi.fn(),
}));

const deleteMock = vi.mocked(deleteAccount);

beforeEach(() => {
  deleteMock.mockReset();
});

function renderDialog() {
  const router = createMemoryRouter([{ path: '/', element: <DeleteAccountDialog /> }]);
  render(<RouterProvider router={router} />);
}

async function openIt() {
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  return within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
}

describe('deleting with time left on a plan', () => {
  it('names the plan and when it would have ended, before she confirms', async () => {
    const endsAt = new Date(Date.now() + 20 * 24 * 60 * 60_000);
    givenUser({ ...USER, subscriptionTier: 'premium', subscriptionEndsAt: endsAt.toISOString() });
    renderDialog();
    const dialog = await openIt();
    const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
    expect(dialog.getByText(`You have Premium Bestie until ${when.format(endsAt)}.`)).toBeTruthy();
    expect(dialog.getByText(/the time left on it is lost/)).toBeTruthy();
  });

  it('says a plan for life ends too', async () => {
    givenUser({ ...USER, subscriptionTier: 'vip', subscriptionEndsAt: null });
    renderDialog();
    const dialog = await openIt();
    expect(dialog.getByText('You have VIP Bestie for life.')).toBeTruthy();
  });

  it('says nothing of a plan when she is free or hers has run out', async () => {
    givenUser({
      ...USER,
      subscriptionTier: 'basic',
      subscriptionEndsAt: new Date(Date.now() - 60_000).toISOString(),
    });
    renderDialog();
    let dialog = await openIt();
    expect(dialog.queryByText(/You have/)).toBeNull();
    await userEvent.keyboard('{Escape}');

    givenUser({ ...USER, subscriptionTier: 'free', subscriptionEndsAt: null });
    dialog = await openIt();
    expect(dialog.queryByText(/You have/)).toBeNull();
  });
});

describe('the delete account form', () => {
  async function fillIn(password: string, word: string) {
    const dialog = await openIt();
    const user = userEvent.setup();
    if (password) await user.type(dialog.getByLabelText('Password'), password);
    if (word) await user.type(dialog.getByLabelText('Type DELETE to confirm'), word);
    return { dialog, user };
  }

  it('opens with the focus on Password', async () => {
    givenUser(USER);
    renderDialog();
    const dialog = await openIt();
    expect(document.activeElement).toBe(dialog.getByLabelText('Password'));
  });

  it("offers 'Delete account' only once her password and the word DELETE are in", async () => {
    givenUser(USER);
    renderDialog();
    const { dialog, user } = await fillIn('sparkle-123', 'DELET');
    const button = dialog.getByRole('button', { name: 'Delete account' });
    expect(button).toHaveProperty('disabled', true);
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'E');
    expect(button).toHaveProperty('disabled', false);
  });

  it("shows 'That password is not right' under Password, focused, and clears it as she edits", async () => {
    deleteMock.mockRejectedValue(
      new ApiError(
        403,
        '',
        JSON.stringify({ message: 'That password is not right', code: 'wrong_password' }),
      ),
    );
    givenUser(USER);
    renderDialog();
    const { dialog, user } = await fillIn('not-my-password', 'DELETE');
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));

    const error = await dialog.findByText('That password is not right');
    const password = dialog.getByLabelText('Password');
    expect(deleteMock).toHaveBeenCalledWith({ password: 'not-my-password', confirm: 'DELETE' });
    expect(password.getAttribute('aria-describedby')).toBe(error.id);
    expect(password).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(password);

    await user.type(password, 'x');
    expect(dialog.queryByText('That password is not right')).toBeNull();
    expect(password.getAttribute('aria-invalid')).toBeNull();
  });

  it('says she is offline under the form when the request cannot leave', async () => {
    deleteMock.mockRejectedValue(new TypeError('Failed to fetch'));
    givenUser(USER);
    renderDialog();
    const { dialog, user } = await fillIn('sparkle-123', 'DELETE');
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));
    expect(
      await dialog.findByText("You're offline. Connect to the internet to delete your account."),
    ).toBeTruthy();
    expect(dialog.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
  });
});
