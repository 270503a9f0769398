import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { claimMessages } from '@shared/claims';
import { getCurrentUser, login, register } from '../../http/auth';
import { claimPurchase } from '../../http/claim';
import { ApiError } from '../../http/client';
import { givenUser, renderApp, USER } from '../../test-utils';

vi.mock('../../http/auth', () => ({
  login: vi.fn(),
  register: vi.fn(),
  logout: vi.fn(),
  getCurrentUser: vi.fn(),
}));

vi.mock('../../http/claim', () => ({ claimPurchase: vi.fn() }));

const loginMock = vi.mocked(login);
const claimMock = vi.mocked(claimPurchase);
const registerMock = vi.mocked(register);

function apiError(status: number, body: object): ApiError {
  return new ApiError(status, '', JSON.stringify(body));
}

function panel(name: 'Log In' | 'Sign Up') {
  return within(screen.getByRole('tabpanel', { name }));
}

function toastArea() {
  return within(screen.getByRole('region', { name: /notifications/i }));
}

async function fillLogIn(email: string, password: string) {
  const user = userEvent.setup();
  const form = panel('Log In');
  if (email) await user.type(form.getByLabelText('Email'), email);
  if (password) await user.type(form.getByLabelText('Password'), password);
  await user.click(form.getByRole('button', { name: 'Log In' }));
  return user;
}

async function fillSignUp(email: string, password: string, confirm = password) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
  const form = panel('Sign Up');
  if (email) await user.type(form.getByLabelText('Email'), email);
  if (password) await user.type(form.getByLabelText('Password'), password);
  if (confirm) await user.type(form.getByLabelText('Confirm Password'), confirm);
  await user.click(form.getByRole('button', { name: 'Sign Up' }));
  return user;
}

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(getCurrentUser).mockResolvedValue(USER);
  givenUser(null);
});

describe('/auth: which tab opens', () => {
  it.each([
    ['/auth', 'Log In'],
    ['/auth?signup=true', 'Sign Up'],
    ['/auth?ref=landing', 'Sign Up'],
    ['/auth?trial=true', 'Sign Up'],
    ['/auth?ref=success', 'Sign Up'],
    ['/auth?ref=login', 'Log In'],
    ['/auth?ref=success&mode=login', 'Log In'],
    ['/auth?signup=true&mode=login', 'Log In'],
  ])('%s opens on %s', (path, tab) => {
    renderApp(path);
    expect(screen.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: tab })).toBeTruthy();
  });

  it('focuses the email field of the tab she switches to', async () => {
    renderApp('/auth');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(panel('Sign Up').getByLabelText('Email')),
    );
    await user.click(screen.getByRole('tab', { name: 'Log In' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(panel('Log In').getByLabelText('Email')),
    );
  });

  it('keeps what she typed when she switches tabs and back', async () => {
    renderApp('/auth');
    const user = userEvent.setup();
    await user.type(panel('Log In').getByLabelText('Email'), 'me@example.com');
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await user.click(screen.getByRole('tab', { name: 'Log In' }));
    expect(panel('Log In').getByLabelText<HTMLInputElement>('Email').value).toBe('me@example.com');
  });

  it('keeps her email when she switches from Sign Up to Log In and back', async () => {
    renderApp('/auth?ref=landing');
    const user = userEvent.setup();
    await user.type(panel('Sign Up').getByLabelText('Email'), 'lily@example.com');
    await user.type(panel('Sign Up').getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('tab', { name: 'Log In' }));
    expect(panel('Log In').getByLabelText<HTMLInputElement>('Email').value).toBe(
      'lily@example.com',
    );
    // Her password stays with the form she typed it in.
    expect(panel('Log In').getByLabelText<HTMLInputElement>('Password').value).toBe('');
    await user.clear(panel('Log In').getByLabelText('Email'));
    await user.type(panel('Log In').getByLabelText('Email'), 'lily.b@example.com');
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(panel('Sign Up').getByLabelText<HTMLInputElement>('Email').value).toBe(
      'lily.b@example.com',
    );
    expect(panel('Sign Up').getByLabelText<HTMLInputElement>('Password').value).toBe('secret1');
  });

  it('has labelled fields with the right autocomplete, and the Reset, Terms and Privacy links', async () => {
    renderApp('/auth');
    const email = panel('Log In').getByLabelText('Email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(email.getAttribute('inputmode')).toBe('email');
    expect(panel('Log In').getByLabelText('Password').getAttribute('autocomplete')).toBe(
      'current-password',
    );
    expect(screen.getByRole('link', { name: 'Reset' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    );

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(panel('Sign Up').getByLabelText('Password').getAttribute('autocomplete')).toBe(
      'new-password',
    );
    expect(panel('Sign Up').getByLabelText('Confirm Password').getAttribute('autocomplete')).toBe(
      'new-password',
    );
  });
});

describe('/auth: log in validation', () => {
  it("shows 'Email is required' and 'Password is required' and toasts 'Please fill out all fields'", async () => {
    renderApp('/auth');
    await fillLogIn('', '');
    const email = panel('Log In').getByLabelText('Email');
    expect(panel('Log In').getByText('Email is required')).toBeTruthy();
    expect(panel('Log In').getByText('Password is required')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Email is required',
    );
    expect(toastArea().getByText('Please fill out all fields')).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(loginMock).not.toHaveBeenCalled();
  });

  it("shows 'Please enter a valid email address' for a malformed email", async () => {
    renderApp('/auth');
    await fillLogIn('cassie-at-example.com', 'sparkle-123');
    expect(panel('Log In').getByText('Please enter a valid email address')).toBeTruthy();
    expect(loginMock).not.toHaveBeenCalled();
  });

  it('clears a field’s message once she edits it', async () => {
    renderApp('/auth');
    const user = await fillLogIn('', '');
    await user.type(panel('Log In').getByLabelText('Email'), 'a');
    expect(panel('Log In').queryByText('Email is required')).toBeNull();
    expect(panel('Log In').getByText('Password is required')).toBeTruthy();
  });
});

describe('/auth: sign up validation', () => {
  it("shows 'Password must be at least 6 characters' and toasts 'Password too short'", async () => {
    renderApp('/auth');
    await fillSignUp('new@example.com', '12345');
    expect(panel('Sign Up').getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(toastArea().getByText('Password too short')).toBeTruthy();
    expect(registerMock).not.toHaveBeenCalled();
  });

  it("shows 'Please confirm your password' and toasts 'Please fill out all fields'", async () => {
    renderApp('/auth');
    await fillSignUp('new@example.com', 'sparkle-123', '');
    expect(panel('Sign Up').getByText('Please confirm your password')).toBeTruthy();
    expect(toastArea().getByText('Please fill out all fields')).toBeTruthy();
  });

  it('shows "Passwords don\'t match"', async () => {
    renderApp('/auth');
    await fillSignUp('new@example.com', 'sparkle-123', 'sparkle-124');
    expect(panel('Sign Up').getByText("Passwords don't match")).toBeTruthy();
    expect(registerMock).not.toHaveBeenCalled();
  });

  it('shows every empty-field message at once', async () => {
    renderApp('/auth?signup=true');
    await fillSignUp('', '', '');
    expect(panel('Sign Up').getByText('Email is required')).toBeTruthy();
    expect(panel('Sign Up').getByText('Password is required')).toBeTruthy();
    expect(panel('Sign Up').getByText('Please confirm your password')).toBeTruthy();
  });

  it('shows the email message for a malformed email', async () => {
    renderApp('/auth');
    await fillSignUp('summer@beach', 'sparkle-123');
    expect(panel('Sign Up').getByText('Please enter a valid email address')).toBeTruthy();
  });
});

describe('/auth: submitting', () => {
  it("says 'Logging in...' and is disabled while pending", async () => {
    loginMock.mockReturnValue(new Promise(() => {}));
    renderApp('/auth');
    await fillLogIn('me@example.com', 'sparkle-123');
    const button = panel('Log In').getByRole<HTMLButtonElement>('button', {
      name: 'Logging in...',
    });
    expect(button.disabled).toBe(true);
    expect(loginMock).toHaveBeenCalledWith({ email: 'me@example.com', password: 'sparkle-123' });
  });

  it("says 'Creating account...' and is disabled while pending", async () => {
    registerMock.mockReturnValue(new Promise(() => {}));
    renderApp('/auth');
    await fillSignUp('New@Example.com ', 'sparkle-123');
    const button = panel('Sign Up').getByRole<HTMLButtonElement>('button', {
      name: 'Creating account...',
    });
    expect(button.disabled).toBe(true);
    expect(registerMock).toHaveBeenCalledWith({
      email: 'new@example.com',
      password: 'sparkle-123',
    });
  });

  it('goes to /chat?bestie=cassie after logging in, with a welcome toast', async () => {
    loginMock.mockResolvedValue(USER);
    const { location } = renderApp('/auth');
    await fillLogIn('me@example.com', 'sparkle-123');
    await waitFor(() => expect(location()).toBe('/chat?bestie=cassie'));
    expect(toastArea().getByText('Login successful')).toBeTruthy();
    expect(toastArea().getByText('Welcome back!')).toBeTruthy();
  });

  it('goes to the redirect path after signing up when it is on this site', async () => {
    registerMock.mockResolvedValue(USER);
    const { location } = renderApp(`/auth?redirect=${encodeURIComponent('/chat/abc?new=1')}`);
    await fillSignUp('new@example.com', 'sparkle-123');
    await waitFor(() => expect(location()).toBe('/chat/abc?new=1'));
    expect(toastArea().getByText('Registration successful')).toBeTruthy();
    expect(toastArea().getByText('Account created successfully!')).toBeTruthy();
  });

  it.each(['//evil.example/phish', 'https://evil.example/', '/\\evil.example', '/auth?x=1'])(
    'ignores the redirect %s and goes to chat',
    async (redirect) => {
      loginMock.mockResolvedValue(USER);
      const { location } = renderApp(`/auth?redirect=${encodeURIComponent(redirect)}`);
      await fillLogIn('me@example.com', 'sparkle-123');
      await waitFor(() => expect(location()).toBe('/chat?bestie=cassie'));
    },
  );

  it('sends a signed-in visitor straight on', async () => {
    givenUser(USER);
    const { location } = renderApp('/auth?redirect=%2Fsettings');
    await waitFor(() => expect(location()).toBe('/settings'));
  });

  it("toasts 'Login failed' with the server's words and keeps what she typed", async () => {
    loginMock.mockRejectedValue(
      apiError(401, { message: 'Invalid email or password', code: 'invalid_credentials' }),
    );
    const { location } = renderApp('/auth');
    await fillLogIn('me@example.com', 'wrong-password');
    expect(await toastArea().findByText('Login failed')).toBeTruthy();
    expect(toastArea().getByText('Invalid email or password')).toBeTruthy();
    const button = panel('Log In').getByRole<HTMLButtonElement>('button', { name: 'Log In' });
    expect(button.disabled).toBe(false);
    expect(panel('Log In').getByLabelText<HTMLInputElement>('Email').value).toBe('me@example.com');
    expect(panel('Log In').getByLabelText<HTMLInputElement>('Password').value).toBe(
      'wrong-password',
    );
    expect(location()).toBe('/auth');
  });

  it("falls back to 'Failed to log in' when the server says nothing", async () => {
    loginMock.mockRejectedValue(new ApiError(500, 'Internal Server Error', ''));
    renderApp('/auth');
    await fillLogIn('me@example.com', 'sparkle-123');
    expect(await toastArea().findByText('Failed to log in')).toBeTruthy();
    expect(toastArea().getByText('Login failed')).toBeTruthy();
  });

  it("says 'Please check your email and password' for a wordless refusal of her password", async () => {
    loginMock.mockRejectedValue(new ApiError(401, 'Unauthorized', ''));
    renderApp('/auth');
    await fillLogIn('me@example.com', 'sparkle-123');
    expect(await toastArea().findByText('Please check your email and password')).toBeTruthy();
  });

  it("says 'An unknown error occurred' when the request itself fails", async () => {
    loginMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp('/auth');
    await fillLogIn('me@example.com', 'sparkle-123');
    expect(await toastArea().findByText('An unknown error occurred')).toBeTruthy();
  });

  it("toasts 'Registration failed' with the server's words", async () => {
    registerMock.mockRejectedValue(
      apiError(409, { message: 'An account with this email already exists', code: 'email_taken' }),
    );
    renderApp('/auth?signup=true');
    await fillSignUp('taken@example.com', 'sparkle-123');
    expect(await toastArea().findByText('Registration failed')).toBeTruthy();
    expect(toastArea().getByText('An account with this email already exists')).toBeTruthy();
    expect(
      panel('Sign Up').getByRole<HTMLButtonElement>('button', { name: 'Sign Up' }).disabled,
    ).toBe(false);
  });

  it("falls back to 'Failed to create account' when the server says nothing", async () => {
    registerMock.mockRejectedValue(new ApiError(502, 'Bad Gateway', '<html>'));
    renderApp('/auth?signup=true');
    await fillSignUp('new@example.com', 'sparkle-123');
    expect(await toastArea().findByText('Failed to create account')).toBeTruthy();
    expect(toastArea().getByText('Registration failed')).toBeTruthy();
  });

  it("says 'Please try again with a different email' for a wordless refusal of her email", async () => {
    registerMock.mockRejectedValue(new ApiError(409, 'Conflict', ''));
    renderApp('/auth?signup=true');
    await fillSignUp('taken@example.com', 'sparkle-123');
    expect(await toastArea().findByText('Please try again with a different email')).toBeTruthy();
  });

  it("says 'An unknown error occurred' when signing up gets no answer", async () => {
    registerMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp('/auth?signup=true');
    await fillSignUp('new@example.com', 'sparkle-123');
    expect(await toastArea().findByText('An unknown error occurred')).toBeTruthy();
  });

  it('shows the server’s field errors under the fields', async () => {
    registerMock.mockRejectedValue(
      apiError(400, {
        message: 'Please enter a valid email address',
        code: 'validation_error',
        fields: { email: 'Please enter a valid email address' },
      }),
    );
    renderApp('/auth?signup=true');
    await fillSignUp('odd@example.com', 'sparkle-123');
    await waitFor(() =>
      expect(panel('Sign Up').getByRole('alert').textContent).toBe(
        'Please enter a valid email address',
      ),
    );
  });
});

describe('/auth?claim=: the link mailed for a purchase paid without an account', () => {
  const CLAIMED = {
    purchase: {
      id: 'p1',
      planId: 'bestie-day' as const,
      planName: 'Bestie for the Day',
      amountCents: 499,
      currency: 'usd',
      status: 'succeeded' as const,
      purchasedAt: '2026-01-01T00:00:00.000Z',
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2026-01-02T00:00:00.000Z',
    },
    subscriptionTier: 'basic' as const,
    subscriptionEndsAt: '2026-01-02T00:00:00.000Z',
  };

  it('signed in: adds the purchase once, says so warmly and goes to chat', async () => {
    givenUser(USER);
    claimMock.mockResolvedValue(CLAIMED);
    const { location } = renderApp('/auth?claim=tok_123');
    await waitFor(() => expect(location()).toBe('/chat?bestie=cassie'));
    expect(claimMock).toHaveBeenCalledTimes(1);
    expect(claimMock).toHaveBeenCalledWith({ token: 'tok_123' });
    expect(toastArea().getByText(claimMessages.added)).toBeTruthy();
    expect(toastArea().getByText(claimMessages.addedDescription)).toBeTruthy();
  });

  it('a visitor: says where the purchase goes, and claims it after she logs in', async () => {
    loginMock.mockResolvedValue(USER);
    claimMock.mockResolvedValue(CLAIMED);
    const { location } = renderApp('/auth?claim=tok_123');
    expect(screen.getByText(claimMessages.willBeAdded)).toBeTruthy();
    expect(claimMock).not.toHaveBeenCalled();
    await fillLogIn('me@example.com', 'sparkle-123');
    await waitFor(() => expect(location()).toBe('/chat?bestie=cassie'));
    expect(claimMock).toHaveBeenCalledWith({ token: 'tok_123' });
    expect(toastArea().getByText(claimMessages.added)).toBeTruthy();
  });

  it('a visitor who signs up: the claim follows the sign-up', async () => {
    registerMock.mockResolvedValue(USER);
    claimMock.mockResolvedValue(CLAIMED);
    const { location } = renderApp('/auth?claim=tok_123&ref=success');
    await fillSignUp('new@example.com', 'sparkle-123');
    await waitFor(() => expect(location()).toBe('/chat?bestie=cassie'));
    expect(claimMock).toHaveBeenCalledWith({ token: 'tok_123' });
  });

  it("a refused claim toasts the server's words and still goes on, signed in", async () => {
    givenUser(USER);
    claimMock.mockRejectedValue(
      apiError(409, { message: claimMessages.taken, code: 'claim_taken' }),
    );
    const { location } = renderApp('/auth?claim=tok_123');
    await waitFor(() => expect(location()).toBe('/chat?bestie=cassie'));
    expect(toastArea().getByText(claimMessages.failed)).toBeTruthy();
    expect(toastArea().getByText(claimMessages.taken)).toBeTruthy();
  });
});
