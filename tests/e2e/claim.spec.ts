import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { claimMessages } from '@shared/claims';
import {
  claimLinkFromOutbox,
  fillCard,
  fillLogIn,
  fillSignUp,
  PASSWORD,
  toasts,
  uniqueEmail,
} from './helpers';

// A visitor's purchase is hers once she proves the billing email with the link mailed to it.
// Signing up with that email alone claims nothing. Phone size: the link is opened from her mail
// app on her phone.
test.beforeEach(() => {
  test.skip(test.info().project.name !== 'phone', 'the claim link is opened on a phone');
});

async function payAsVisitor(page: Page, email: string) {
  await page.goto('/checkout?plan=bestie-day');
  const checkout = page.getByRole('dialog', { name: 'Subscribe to Bestie for the Day' });
  await expect(checkout).toBeVisible();
  await fillCard(page, '4242424242424242', email);
  await checkout.getByRole('button', { name: 'Pay $4.99' }).click();
  await expect(page).toHaveURL(/\/checkout-success/);
}

async function tierOf(page: Page): Promise<string> {
  const answer = await page.request.get('/api/user');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { subscriptionTier: string }).subscriptionTier;
}

test('a visitor pays, signs up with the same email (still free), then opens the mailed link and has the plan', async ({
  page,
}) => {
  const email = uniqueEmail('claim-buyer');
  const paidAt = Date.now() - 1000;
  await payAsVisitor(page, email);
  const link = await claimLinkFromOutbox(email, paidAt);
  expect(new URL(link).pathname).toBe('/auth');

  // The same email alone gives her nothing.
  await page.goto('/auth?ref=success');
  await fillSignUp(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/chat/);
  expect(await tierOf(page)).toBe('free');

  // The link, opened signed in, does.
  await page.goto(link);
  await expect(toasts(page).getByText(claimMessages.added)).toBeVisible();
  await expect(toasts(page).getByText(claimMessages.addedDescription)).toBeVisible();
  await expect(page).toHaveURL(/\/chat/);
  expect(await tierOf(page)).toBe('basic');
  await page.goto('/settings');
  await expect(
    page.getByRole('region', { name: 'Purchases' }).getByText('Bestie for the Day'),
  ).toBeVisible();
});

test('a visitor opens the link signed out, is told where it goes, and logs in to claim it', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('claim-login');
  // Her account already exists, under another email than the one she paid with.
  const accountEmail = uniqueEmail('claim-account');
  const signup = await page.request.post('/api/register', {
    data: { email: accountEmail, password: PASSWORD },
  });
  expect(signup.status()).toBe(201);
  await page.request.post('/api/logout');

  const paidAt = Date.now() - 1000;
  const buyer = await browser.newPage();
  await payAsVisitor(buyer, email);
  await buyer.close();
  const link = await claimLinkFromOutbox(email, paidAt);

  await page.goto(link);
  await expect(page.getByText(claimMessages.willBeAdded)).toBeVisible();
  await fillLogIn(page, accountEmail, PASSWORD);
  await expect(toasts(page).getByText(claimMessages.added)).toBeVisible();
  await expect(page).toHaveURL(/\/chat/);
  expect(await tierOf(page)).toBe('basic');

  // The link works once: opened again by someone else it says so, and she stays signed in.
  await page.request.post('/api/logout');
  await page.goto('/auth');
  await fillSignUp(page, uniqueEmail('claim-other'), PASSWORD);
  await expect(page).toHaveURL(/\/chat/);
  await page.goto(link);
  await expect(toasts(page).getByText(claimMessages.taken)).toBeVisible();
  await expect(page).toHaveURL(/\/chat/);
  expect(await tierOf(page)).toBe('free');
});
