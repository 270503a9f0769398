import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  fillCard,
  fillSignUp,
  openChatHistory,
  PASSWORD,
  signUpViaApi,
  TEASER_BUTTON,
  toasts,
  uniqueEmail,
} from './helpers';

const SHOTS = 'test-results/screenshots';
/** A stored bestie reply (not the welcome, not one still being written). */
const REPLY = '.message-row--bestie:not(.message-row--unsaved) .chat-bubble--bestie';

/** The local test provider's card form (no Stripe keys are set for e2e). */
test('a free user pays from the teaser nudge and gets every bestie, with her earlier reply in full', async ({
  page,
}, testInfo) => {
  // The whole journey: a reply, the 2 s nudge, a payment, a new chat and its reply.
  test.setTimeout(90_000);
  await signUpViaApi(page);
  await page.goto(`/chat?new=${Date.now()}`);
  const box = page.getByPlaceholder('Message your bestie...');
  await box.fill('He left me on read for two days, what do I do?');
  await box.press('Enter');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByRole('button', { name: TEASER_BUTTON })).toBeVisible();
  const teaser = (await log.locator(REPLY).last().textContent()) ?? '';

  // The nudge waits until she leaves her message box (README, Where we differ from the spec).
  await box.blur();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Bestie' });
  await expect(upgrade).toBeVisible({ timeout: 5000 });
  await upgrade.getByRole('button', { name: 'Subscribe Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Subscribe to Bestie for the Month' });
  await expect(checkout.getByText('Enter your payment details to become a Bestie')).toBeVisible();
  await fillCard(page, '4242 4242 4242 4242');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/checkout-dialog-${testInfo.project.name}.png` });
  await checkout.getByRole('button', { name: 'Pay $14.99' }).click();

  await expect(toasts(page).getByText('Payment Successful!')).toBeVisible();
  await expect(checkout).toBeHidden();
  const celebration = page.getByRole('status').filter({ hasText: 'Bestie Upgrade Complete!' });
  await expect(celebration.getByText("You're now a Bestie for the Month!")).toBeVisible();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  // Her earlier reply now reads in full: no teaser left, and more words than before.
  await expect(log.getByRole('button', { name: TEASER_BUTTON })).toHaveCount(0);
  const full = (await log.locator(REPLY).last().textContent()) ?? '';
  expect(full.length).toBeGreaterThan(teaser.length - TEASER_BUTTON.length);

  await celebration.getByRole('button', { name: 'Close' }).click();
  await expect(celebration).toBeHidden();

  // Brooke opens, and her replies come in full.
  const history = await openChatHistory(page);
  await history.getByRole('button', { name: 'New Chat' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose Your Bestie' });
  await picker.getByRole('radio', { name: 'Brooke' }).click();
  await picker.getByRole('button', { name: 'Start Chatting' }).click();
  await expect(page.getByText(/^Hey! I'm Brooke\./)).toBeVisible();
  await box.fill('Should I text him first?');
  await box.press('Enter');
  await expect(log.getByText('Should I text him first?')).toBeVisible();
  // Her greeting, stored as the chat's first message, and the reply.
  await expect(log.locator(REPLY)).toHaveCount(2);
  await expect(log.getByRole('button', { name: TEASER_BUTTON })).toHaveCount(0);

  await page.goto('/settings');
  await expect(
    page.getByRole('region', { name: 'Account' }).getByText('Premium Bestie'),
  ).toBeVisible();
  const purchases = page.getByRole('region', { name: 'Purchases' });
  await expect(purchases.getByText('Bestie for the Month')).toBeVisible();
  await expect(purchases.getByText('$14.99')).toBeVisible();
  await expect(purchases.getByText(/never renew/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/settings-purchases-${testInfo.project.name}.png` });
});

test('a declined card shows the error and keeps the form open with what she typed', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/checkout?plan=bestie-year');
  const checkout = page.getByRole('dialog', { name: 'Subscribe to Bestie for the Year' });
  await expect(checkout).toBeVisible();
  await fillCard(page, '4000 0000 0000 0002');
  await checkout.getByRole('button', { name: 'Pay $99.99' }).click();

  // The modal checkout dialog hides the rest of the page (the toast too) from the a11y tree.
  await expect(
    page
      .getByRole('region', { name: /notifications/i, includeHidden: true })
      .getByText('Payment Failed'),
  ).toBeVisible();
  await expect(checkout.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(checkout.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await expect(checkout.getByRole('button', { name: 'Pay $99.99' })).toBeEnabled();
  expect(
    ((await (await page.request.get('/api/user')).json()) as { subscriptionTier: string })
      .subscriptionTier,
  ).toBe('free');

  // Another number that is not a test card is refused as invalid, also without a charge.
  await checkout.getByLabel('Card number').fill('1234 5678 9012 3456');
  await checkout.getByRole('button', { name: 'Pay $99.99' }).click();
  await expect(checkout.getByRole('alert')).toHaveText('Your card number is invalid.');
});

test('a visitor buys a day pass; signing up with the same email alone gives her nothing', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('visitor-buyer');
  await page.goto('/');
  await page.locator('[data-plan="bestie-day"]').click();
  await page.getByRole('button', { name: 'Sis, I need you to come through!' }).click();
  await expect(page).toHaveURL(/\/checkout\?plan=bestie-day$/);
  const checkout = page.getByRole('dialog', { name: 'Subscribe to Bestie for the Day' });
  await expect(checkout).toBeVisible();
  await fillCard(page, '4242424242424242', email);
  await checkout.getByRole('button', { name: 'Pay $4.99' }).click();

  await expect(page).toHaveURL(/\/checkout-success/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // What paying said stays to be read; this page's own toast follows once it has closed.
  await expect(toasts(page).getByText('Subscription Success!')).toBeVisible();
  await expect(toasts(page).getByText("You're now a Bestie for the Day!")).toBeVisible();
  await expect(toasts(page).getByText('Your subscription is now active')).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/checkout-success-visitor-${testInfo.project.name}.png` });
  await page.getByRole('link', { name: 'Create Account' }).click();
  await fillSignUp(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/chat/);
  // The purchase is claimed with the link mailed to her (claim.spec.ts), not by her email.
  await page.goto('/settings');
  await expect(
    page.getByRole('region', { name: 'Purchases' }).getByText('No purchases yet.'),
  ).toBeVisible();
});
