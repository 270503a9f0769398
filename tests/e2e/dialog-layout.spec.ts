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

test('the login modal in the chat leaves room between a field and the next label', async ({
  page,
}) => {
  await page.goto('/chat?bestie=cassie');
  const messageBox = page.getByPlaceholder('Message your bestie...');
  await expect(messageBox).toBeFocused();
  await messageBox.fill('Can I ask you something?');
  await page.getByRole('button', { name: 'Spill' }).click();
  const modal = page.getByRole('dialog', { name: 'Continue chatting with Cassie' });
  const signUp = modal.getByRole('tabpanel', { name: 'Sign Up Free' });
  const email = await box(signUp.getByRole('textbox', { name: 'Email' }));
  const password = await box(signUp.getByText('Password', { exact: true }));
  const passwordField = await box(signUp.getByLabel('Password', { exact: true }));
  const confirm = await box(signUp.getByText('Confirm Password', { exact: true }));
  // As on /auth: a field's label sits with its input, a clear gap above the next one.
  expect(password.y - (email.y + email.height)).toBeGreaterThanOrEqual(12);
  expect(confirm.y - (passwordField.y + passwordField.height)).toBeGreaterThanOrEqual(12);

  await modal.getByRole('tab', { name: 'Log In' }).click();
  const logIn = modal.getByRole('tabpanel', { name: 'Log In' });
  const loginEmail = await box(logIn.getByRole('textbox', { name: 'Email' }));
  const loginPassword = await box(logIn.getByText('Password', { exact: true }));
  expect(loginPassword.y - (loginEmail.y + loginEmail.height)).toBeGreaterThanOrEqual(12);
});
