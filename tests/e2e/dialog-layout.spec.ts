import { expect, test, type Locator } from '@playwright/test';

/** Issue 38: where the payment and login dialogs' parts sit, and where a toast lands. */

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `${locator.toString()} is on screen`).not.toBeNull();
  return found!;
}

test("the checkout dialog's title starts where its subtitle and fields do", async ({ page }) => {
  await page.goto('/checkout?plan=bestie-lifetime');
  const dialog = page.getByRole('dialog', { name: 'Subscribe to Bestie for Life' });
  const title = await box(dialog.getByRole('heading', { name: 'Subscribe to Bestie for Life' }));
  const subtitle = await box(dialog.getByText('Enter your payment details to become a Bestie'));
  const email = await box(dialog.getByLabel('Email'));
  expect(Math.abs(title.x - subtitle.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(title.x - email.x)).toBeLessThanOrEqual(1);
});
