import { expect, test } from '@playwright/test';
import {
  CASSIE_CHAT_URL,
  fillLogIn,
  fillSignUp,
  PASSWORD,
  signUpViaApi,
  toasts,
  uniqueEmail,
} from './helpers';

test.describe('signing up, out and in', () => {
  test('a new visitor signs up, logs out and logs back in', async ({ page }) => {
    // Four screens and two accounts' first syncs: past 30 s on a busy two-core machine.
    test.setTimeout(60_000);
    const email = uniqueEmail('journey');
    await page.goto('/auth?signup=true');
    await fillSignUp(page, email, PASSWORD);
    await expect(page).toHaveURL(CASSIE_CHAT_URL);
    await expect(toasts(page).getByText('Registration successful')).toBeVisible();

    await page.goto('/settings');
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(toasts(page).getByText('Logged out')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get('/api/user')).status()).toBe(401);

    await page.goto('/auth?mode=login');
    await fillLogIn(page, email.toUpperCase(), PASSWORD);
    await expect(page).toHaveURL(CASSIE_CHAT_URL);
    await expect(toasts(page).getByText('Login successful')).toBeVisible();
    expect((await page.request.get('/api/user')).status()).toBe(200);
  });

  test('a wrong password is refused and keeps what she typed', async ({ page }) => {
    const email = await signUpViaApi(page);
    await page.request.post('/api/logout');
    await page.goto('/auth');
    await fillLogIn(page, email, 'not-my-password');

    await expect(toasts(page).getByText('Login failed')).toBeVisible();
    await expect(toasts(page).getByText('Invalid email or password')).toBeVisible();
    const form = page.getByRole('tabpanel', { name: 'Log In' });
    await expect(form.getByRole('button', { name: 'Log In' })).toBeEnabled();
    await expect(form.getByLabel('Email')).toHaveValue(email);
    await expect(page).toHaveURL(/\/auth/);
  });

  test('signing up twice with one email says the account exists', async ({ page }) => {
    const email = await signUpViaApi(page);
    await page.request.post('/api/logout');
    await page.goto('/auth?signup=true');
    await fillSignUp(page, email, PASSWORD);
    await expect(toasts(page).getByText('Registration failed')).toBeVisible();
    await expect(toasts(page).getByText('An account with this email already exists')).toBeVisible();
  });
});

test.describe('auth validation messages', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/auth');
  });

  test('log in with nothing filled in', async ({ page }) => {
    const form = page.getByRole('tabpanel', { name: 'Log In' });
    await form.getByRole('button', { name: 'Log In' }).click();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('Password is required')).toBeVisible();
    await expect(toasts(page).getByText('Please fill out all fields')).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });

  test('log in with a malformed email', async ({ page }) => {
    await fillLogIn(page, 'cassie-at-example.com', PASSWORD);
    const form = page.getByRole('tabpanel', { name: 'Log In' });
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  });

  test('sign up with a short password', async ({ page }) => {
    await fillSignUp(page, uniqueEmail(), '12345');
    const form = page.getByRole('tabpanel', { name: 'Sign Up' });
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(toasts(page).getByText('Password too short')).toBeVisible();
  });

  test('sign up without confirming', async ({ page }) => {
    await fillSignUp(page, uniqueEmail(), PASSWORD, '');
    const form = page.getByRole('tabpanel', { name: 'Sign Up' });
    await expect(form.getByText('Please confirm your password')).toBeVisible();
  });

  test("sign up with passwords that don't match", async ({ page }) => {
    await fillSignUp(page, uniqueEmail(), PASSWORD, `${PASSWORD}!`);
    const form = page.getByRole('tabpanel', { name: 'Sign Up' });
    await expect(form.getByText("Passwords don't match")).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });

  test('sign up with a malformed email and no password', async ({ page }) => {
    await fillSignUp(page, 'summer@beach', '', '');
    const form = page.getByRole('tabpanel', { name: 'Sign Up' });
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Password is required')).toBeVisible();
  });

  test('switching tabs focuses the email field', async ({ page }) => {
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Sign Up' }).getByLabel('Email')).toBeFocused();
    await page.getByRole('tab', { name: 'Log In' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Log In' }).getByLabel('Email')).toBeFocused();
  });

  test('opens on the sign-up tab from the landing page', async ({ page }) => {
    await page.goto('/auth?ref=landing');
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
