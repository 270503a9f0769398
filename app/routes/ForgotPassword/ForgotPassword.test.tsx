import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../http/client';
import { givenUser, renderApp } from '../../test-utils';
import type * as RecoveryApi from './recoveryApi';
import { requestPasswordReset } from './recoveryApi';

vi.mock('./recoveryApi', async (importOriginal) => ({
  ...(await importOriginal<typeof RecoveryApi>()),
  requestPasswordReset: vi.fn(),
  resetPassword: vi.fn(),
}));

const requestMock = vi.mocked(requestPasswordReset);
const SENT =
  "If your email exists in our system, we've sent password reset instructions to your inbox.";

const toastArea = () => within(screen.getByRole('region', { name: /notifications/i }));

async function submit(email: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));
  return user;
}

beforeEach(() => {
  vi.resetAllMocks();
  givenUser(null);
});

describe('/forgot-password', () => {
  it('has a back-to-login link and an email field with a placeholder', () => {
    renderApp('/forgot-password');
    expect(screen.getByRole('link', { name: /Back to login/ })).toHaveProperty(
      'href',
      expect.stringMatching(/\/auth\?mode=login$/),
    );
    expect(screen.getByLabelText('Email').getAttribute('placeholder')).toBe('you@example.com');
  });

  it("shows 'Please enter a valid email address' and sends nothing for a bad email", async () => {
    renderApp('/forgot-password');
    await submit('not-an-email');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(requestMock).not.toHaveBeenCalled();
  });

  it("shows 'Please enter a valid email address' on an empty field and puts the focus on it", async () => {
    renderApp('/forgot-password');
    const email = screen.getByLabelText('Email');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));
    const error = screen.getByText('Please enter a valid email address');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(email);
    expect(requestMock).not.toHaveBeenCalled();

    await user.type(email, 'm');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it("shows 'Sending...' while busy, then 'Check your inbox!'; 'Try again' returns to the form", async () => {
    let answer!: (value: { ok: boolean; message: string }) => void;
    requestMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderApp('/forgot-password');
    const user = await submit('  Me@Example.com ');
    expect(screen.getByRole('button', { name: 'Sending...' })).toHaveProperty('disabled', true);
    expect(requestMock).toHaveBeenCalledWith({ email: 'me@example.com' });

    answer({ ok: true, message: SENT });
    expect(await screen.findByRole('heading', { name: 'Check your inbox!' })).toBeTruthy();
    expect(screen.getByText(SENT)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('button', { name: 'Send Reset Instructions' })).toBeTruthy();
  });

  it("'Try again' brings the form back with her email in it", async () => {
    requestMock.mockResolvedValue({ ok: true, message: SENT });
    renderApp('/forgot-password');
    const user = await submit('me@example.com');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('me@example.com');
  });

  it("toasts 'Error' with the server's message", async () => {
    requestMock.mockRejectedValue(
      new ApiError(
        429,
        '',
        JSON.stringify({ message: 'Too many attempts. Please try again later.', code: 'x' }),
      ),
    );
    renderApp('/forgot-password');
    await submit('me@example.com');
    await waitFor(() => expect(toastArea().getByText('Error')).toBeTruthy());
    expect(toastArea().getByText('Too many attempts. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Reset Instructions' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it("toasts 'Something went wrong, please try again.' when the server says no without a message", async () => {
    requestMock.mockRejectedValue(new ApiError(500, 'Internal Server Error', ''));
    renderApp('/forgot-password');
    await submit('me@example.com');
    expect(await toastArea().findByText('Something went wrong, please try again.')).toBeTruthy();
  });

  it('toasts the unexpected-error message when the network fails', async () => {
    requestMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp('/forgot-password');
    await submit('me@example.com');
    expect(
      await toastArea().findByText('An unexpected error occurred. Please try again.'),
    ).toBeTruthy();
  });
});
