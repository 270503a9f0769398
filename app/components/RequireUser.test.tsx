import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useNavigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { setUser } from '../state/useUserStore';
import { givenUser, renderApp, USER } from '../test-utils';
import { isOpenToVisitors, RequireUser } from './RequireUser';

vi.mock('../http/auth', () => ({
  login: vi.fn(),
  register: vi.fn(),
  logout: vi.fn(),
  getCurrentUser: vi.fn().mockResolvedValue(null),
}));

describe('the guard', () => {
  it('shows a spinner named Loading while the user loads', () => {
    givenUser(null, 'loading');
    renderApp('/settings');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
  });

  it('sends a visitor to /auth with the encoded path and query', async () => {
    givenUser(null);
    const { location } = renderApp('/chat/abc?new=123');
    await waitFor(() => expect(location()).toBe('/auth?redirect=%2Fchat%2Fabc%3Fnew%3D123'));
    expect(screen.getByRole('tab', { name: 'Log In' })).toBeTruthy();
  });

  it('sends a visitor away from /settings', async () => {
    givenUser(null);
    const { location } = renderApp('/settings');
    await waitFor(() => expect(location()).toBe('/auth?redirect=%2Fsettings'));
  });

  it('lets a visitor chat with Cassie (bestie=cassie)', async () => {
    givenUser(null);
    const { location } = renderApp('/chat?bestie=cassie');
    expect(await screen.findByText('No messages yet!')).toBeTruthy();
    expect(location()).toBe('/chat?bestie=cassie');
  });

  it('shows the page to a signed-in user', async () => {
    givenUser(USER);
    const { location } = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(location()).toBe('/settings');
  });

  it('treats only chat routes with bestie=cassie as open', () => {
    expect(isOpenToVisitors('/chat', '?bestie=cassie')).toBe(true);
    expect(isOpenToVisitors('/chat/xyz', '?x=1&bestie=cassie')).toBe(true);
    expect(isOpenToVisitors('/chat', '?bestie=brooke')).toBe(false);
    expect(isOpenToVisitors('/settings', '?bestie=cassie')).toBe(false);
    expect(isOpenToVisitors('/chatter', '?bestie=cassie')).toBe(false);
  });
});

describe('the route table', () => {
  it('redirects /chat/cassie to /chat?bestie=cassie, keeping the rest of the query', async () => {
    givenUser(null);
    // (success and plan also survive it; the chat then celebrates and strips them: e2e.)
    const { location } = renderApp('/chat/cassie?ref=landing&new=42');
    await waitFor(() => expect(location()).toBe('/chat?bestie=cassie&ref=landing&new=42'));
  });

  it("shows '404 Page Not Found' with a way home for an unknown path", () => {
    givenUser(null);
    renderApp('/no-such-page');
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
  });

  it.each([
    ['/', 'Ask your AI bestie anything'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password?token=abc', 'Reset your password'],
    ['/checkout', 'No plan selected'],
    ['/checkout?plan=bestie-year', 'Bestie for the Year'],
    ['/checkout?plan=bestie-forever', 'No plan selected'],
    // Success only once the server says so: first it asks; without a payment, no claim.
    ['/checkout-success?plan=bestie-month&payment_intent=pi_1', 'Confirming your payment…'],
    ['/checkout-success', 'No payment to confirm'],
    ['/test-success', 'Test the success message'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
  ])('has a screen at %s', (path, heading) => {
    givenUser(null);
    renderApp(path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });
});

describe('signing out on a guarded page', () => {
  function LogOut() {
    const navigate = useNavigate();
    async function leave() {
      await navigate('/', { replace: true, flushSync: true });
      setUser(null);
    }
    return (
      <button type="button" onClick={() => void leave()}>
        Log out
      </button>
    );
  }

  it('lands on the next page even while its chunk still loads, not on /auth', async () => {
    givenUser(USER);
    const router = createMemoryRouter(
      [
        {
          path: '/',
          lazy: async () => {
            await new Promise((resolve) => setTimeout(resolve, 50));
            return { Component: () => <h1>Home</h1> };
          },
        },
        { path: '/auth', element: <h1>Log in</h1> },
        {
          element: (
            <RequireUser>
              <Outlet />
            </RequireUser>
          ),
          children: [{ path: '/settings', element: <LogOut /> }],
        },
      ],
      { initialEntries: ['/settings'] },
    );
    render(<RouterProvider router={router} />);
    act(() => screen.getByRole('button', { name: 'Log out' }).click());
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/');
  });
});
