import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { givenUser, USER } from '../../test-utils';
import { DeleteAccountDialog } from './DeleteAccountDialog';

function renderDialog() {
  const router = createMemoryRouter([{ path: '/', element: <DeleteAccountDialog /> }]);
  render(<RouterProvider router={router} />);
}

async function openIt() {
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  return within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
}

describe('deleting with time left on a plan (issue 37)', () => {
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
