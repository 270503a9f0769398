import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCurrentUser } from '../../http/auth';
import { ApiError } from '../../http/client';
import { givenUser, renderApp } from '../../test-utils';
import type * as RecoveryApi from '../ForgotPassword/recoveryApi';
import { resetPassword } from '../ForgotPassword/recoveryApi';

vi.mock('../ForgotPassword/recoveryApi', async (importOriginal) => ({
  ...(await importOriginal<typeof RecoveryApi>()),
  requestPasswordReset: vi.fn(),
  resetPassword: vi.fn(),
}));
vi.mock('../../http/auth', () => ({
  login: vi.fn(),
  register: vi.fn(),
  logout: vi.fn(),
  getCurrentUser: vi.fn(),
}));

const resetMock = vi.mocked(resetPassword);
const toastArea = () => within(screen.getByRole('region', { name: /notifications/i }));

async function fill(newPassword: string, confirmPassword = newPassword) {
  const user = userEvent.setup();
  if (newPassword) await user.type(screen.getByLabelText('New Password'), newPassword);
  if (confirmPassword) await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  return user;
}

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(getCurrentUser).mockResolvedValue(null);
  givenUser(null);
});

describe('/reset-password', () => {
  it("shows 'Invalid or Expired Link' with 'Request new link' when the URL has no token", () => {
    renderApp('/reset-password');
    expect(screen.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request new link' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/forgot-password$/),
    );
  });

  it('adds a no-referrer meta tag while shown', () => {
    const view = renderApp('/reset-password?token=abc');
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe(
      'no-referrer',
    );
    view.unmount();
    expect(document.head.querySelector('meta[name="referrer"]')).toBeNull();
  });

  it("checks both fields: 'Password must be at least 6 characters'", async () => {
    renderApp('/reset-password?token=abc');
    await fill('12345', '123');
    expect(screen.getAllByText('Password must be at least 6 characters')).toHaveLength(2);
    expect(resetMock).not.toHaveBeenCalled();
  });

  it("says 'Password must be at least 6 characters' on both fields left empty", async () => {
    renderApp('/reset-password?token=abc');
    await fill('', '');
    expect(screen.getAllByText('Password must be at least 6 characters')).toHaveLength(2);
    expect(screen.queryByText('Password is required')).toBeNull();
    expect(resetMock).not.toHaveBeenCalled();
  });

  it("toasts 'Missing reset token.' for a link whose token is empty, and sends nothing", async () => {
    renderApp('/reset-password?token=');
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    await fill('sparkle-123');
    expect(await toastArea().findByText('Missing reset token.')).toBeTruthy();
    expect(resetMock).not.toHaveBeenCalled();
  });

  it("shows 'Passwords don't match' on Confirm Password", async () => {
    renderApp('/reset-password?token=abc');
    await fill('sparkle-123', 'sparkle-124');
    const confirm = screen.getByLabelText('Confirm Password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    expect(resetMock).not.toHaveBeenCalled();
  });

  it('puts the focus on Confirm Password when only it is wrong, and clears its error as she edits it', async () => {
    renderApp('/reset-password?token=abc');
    const user = await fill('sparkle-123', 'sparkle-124');
    const confirm = screen.getByLabelText('Confirm Password');
    expect(document.activeElement).toBe(confirm);
    expect(confirm.getAttribute('aria-describedby')).toBe(
      screen.getByText("Passwords don't match").id,
    );
    await user.type(confirm, '{Backspace}');
    expect(screen.queryByText("Passwords don't match")).toBeNull();
    expect(confirm.getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's field error under New Password, focused, with the error toast", async () => {
    const tooLong = 'Password must be at most 1024 characters';
    resetMock.mockRejectedValue(
      new ApiError(
        400,
        '',
        JSON.stringify({
          message: tooLong,
          code: 'validation_error',
          fields: { newPassword: tooLong },
        }),
      ),
    );
    renderApp('/reset-password?token=tok');
    await fill('sparkle-123');
    expect(await toastArea().findByText(tooLong)).toBeTruthy();
    const newPassword = screen.getByLabelText('New Password');
    const fieldError = screen
      .getAllByText(tooLong)
      .find((element) => element.id === newPassword.getAttribute('aria-describedby'));
    expect(fieldError).toBeTruthy();
    expect(newPassword.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Confirm Password').getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(newPassword));
    expect(screen.getByRole('button', { name: 'Reset Password' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it("sends token and newPassword, shows 'Updating password...', then 'Password Updated!' with 'Log in'", async () => {
    let answer!: (value: { ok: boolean }) => void;
    resetMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { router } = renderApp('/reset-password?token=tok-123');
    const user = await fill('sparkle-123');
    expect(screen.getByRole('button', { name: 'Updating password...' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(resetMock).toHaveBeenCalledWith({ token: 'tok-123', newPassword: 'sparkle-123' });
    answer({ ok: true });
    expect(await screen.findByRole('heading', { name: 'Password Updated!' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(router.state.location.pathname).toBe('/auth');
  });

  it("shows the invalid-link screen when the server's message says invalid or expired", async () => {
    resetMock.mockRejectedValue(
      new ApiError(
        400,
        '',
        JSON.stringify({
          message: 'This reset link is invalid or has expired',
          code: 'invalid_token',
        }),
      ),
    );
    renderApp('/reset-password?token=old');
    await fill('sparkle-123');
    expect(await screen.findByRole('heading', { name: 'Invalid or Expired Link' })).toBeTruthy();
  });

  it('toasts any other server message', async () => {
    resetMock.mockRejectedValue(
      new ApiError(
        429,
        '',
        JSON.stringify({ message: 'Too many attempts. Please try again later.', code: 'x' }),
      ),
    );
    renderApp('/reset-password?token=tok');
    await fill('sparkle-123');
    expect(await toastArea().findByText('Too many attempts. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
  });

  it('toasts the unexpected-error message when the network fails', async () => {
    resetMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp('/reset-password?token=tok');
    await fill('sparkle-123');
    await waitFor(() =>
      expect(toastArea().getByText('An unexpected error occurred. Please try again.')).toBeTruthy(),
    );
  });
});
