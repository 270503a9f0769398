import { expect, test } from '@playwright/test';
import { fillLogIn, PASSWORD, resetLinkFromOutbox, signUpViaApi, toasts } from './helpers';

const NEW_PASSWORD = 'brand-new-sparkle';

test('forgot password -> mail -> link -> new password -> log in with it', async ({ page }) => {
  const email = await signUpViaApi(page);
  await page.context().clearCookies();
  const asked = Date.now() - 1000;

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox!' })).toBeVisible();
  await expect(
    page.getByText(
      "If your email exists in our system, we've sent password reset instructions to your inbox.",
    ),
  ).toBeVisible();

  const link = await resetLinkFromOutbox(email, asked);
  expect(link.startsWith(new URL(page.url()).origin)).toBe(true);
  const answer = await page.goto(link);
  expect(answer?.headers()['referrer-policy']).toBe('no-referrer');

  await page.getByLabel('New Password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Updated!' })).toBeVisible();

  const oldLogin = await page.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(oldLogin.status()).toBe(401);

  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await fillLogIn(page, email, NEW_PASSWORD);
  // Login lands on /chat?bestie=cassie, which may move on to her Cassie chat.
  await expect(page).toHaveURL(/\/chat(\?bestie=cassie|\/)/);
  expect((await page.request.get('/api/user')).status()).toBe(200);

  // The link worked once: opening it again shows the invalid-link screen.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel('New Password').fill('yet-another-1');
  await page.getByLabel('Confirm Password').fill('yet-another-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible();
  await page.getByRole('link', { name: 'Request new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('an unknown email gets the same "Check your inbox!"', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nobody-at-all@example.com');
  await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox!' })).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Send Reset Instructions' })).toBeVisible();
});

test('a bad email is refused in the form', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(toasts(page).getByText('Error')).toHaveCount(0);
});

test('a link without a token shows "Invalid or Expired Link"', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible();
});
