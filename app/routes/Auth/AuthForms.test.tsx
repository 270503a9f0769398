import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCurrentUser, login, register } from '../../http/auth';
import { givenUser, USER } from '../../test-utils';
import { EMPTY_LOGIN, LoginForm, type LoginValues } from './LoginForm';
import { EMPTY_SIGN_UP, SignUpForm } from './SignUpForm';

vi.mock('../../http/auth', () => ({
  login: vi.fn(),
  register: vi.fn(),
  logout: vi.fn(),
  getCurrentUser: vi.fn(),
}));

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(getCurrentUser).mockResolvedValue(USER);
  givenUser(null);
});

function renderLogIn(values: LoginValues = EMPTY_LOGIN, focusEmail = false) {
  const onChange = vi.fn();
  render(
    <MemoryRouter>
      <LoginForm values={values} onChange={onChange} focusEmail={focusEmail} />
    </MemoryRouter>,
  );
  return { onChange, user: userEvent.setup() };
}

describe('the Log In and Sign Up forms on their own (what AuthPage and LoginModal share)', () => {
  it('start from the values they are given and report each change she makes', async () => {
    const { onChange, user } = renderLogIn({ email: 'me@example.com', password: '' });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('me@example.com');
    await user.type(screen.getByLabelText('Password'), 'ab');
    expect(onChange).toHaveBeenLastCalledWith({ email: 'me@example.com', password: 'ab' });
  });

  it('focus the email field once on screen only when asked', async () => {
    renderLogIn(EMPTY_LOGIN, true);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  it('leave the focus alone when not asked', async () => {
    renderLogIn();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(document.body);
  });

  it("keep saying 'Logging in...' once she is in, while the page or modal moves on", async () => {
    vi.mocked(login).mockResolvedValue(USER);
    const { user } = renderLogIn();
    await user.type(screen.getByLabelText('Email'), 'me@example.com');
    await user.type(screen.getByLabelText('Password'), 'sparkle-123');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(login).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Logging in...' });
    expect(button.disabled).toBe(true);
  });

  it("keep saying 'Creating account...' once she is in", async () => {
    vi.mocked(register).mockResolvedValue(USER);
    render(<SignUpForm values={EMPTY_SIGN_UP} onChange={vi.fn()} focusEmail={false} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'me@example.com');
    await user.type(screen.getByLabelText('Password'), 'sparkle-123');
    await user.type(screen.getByLabelText('Confirm Password'), 'sparkle-123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(register).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Creating account...' });
    expect(button.disabled).toBe(true);
  });

  it("come back to 'Log In' after a refusal", async () => {
    vi.mocked(login).mockRejectedValue(new Error('offline'));
    const { user } = renderLogIn();
    await user.type(screen.getByLabelText('Email'), 'me@example.com');
    await user.type(screen.getByLabelText('Password'), 'sparkle-123');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(login).toHaveBeenCalledTimes(1);
  });
});
