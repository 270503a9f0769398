import { expect, test, type Locator } from '@playwright/test';
import { signUpViaApi } from './helpers';

/** Where the payment and login dialogs' parts sit, and where a toast lands. */

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `${locator.toString()} is on screen`).not.toBeNull();
  return found!;
}

type Box = Awaited<ReturnType<typeof box>>;

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Waits for a dialog's opening animations: while it opens it grows from smaller, gaps and all. */
async function settled(dialog: Locator): Promise<void> {
  await dialog.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

test("the checkout dialog's title starts where its subtitle and fields do", async ({ page }) => {
  await page.goto('/checkout?plan=bestie-lifetime');
  const dialog = page.getByRole('dialog', { name: 'Subscribe to Bestie for Life' });
  await settled(dialog);
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
  await settled(modal);
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

test("a toast covers neither her message box's controls nor an open dialog", async ({
  page,
}, testInfo) => {
  await signUpViaApi(page);
  await page.goto(`/chat?new=${Date.now()}`);
  const message = page.getByRole('textbox', { name: 'Message your bestie' });
  await expect(message).toBeFocused({ timeout: 20_000 });
  const desktop = testInfo.project.name === 'desktop';
  if (!desktop) await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: 'Chat history' })
    .getByRole('button', { name: 'New Chat', exact: true })
    .click();
  const picker = page.getByRole('dialog', { name: 'Choose Your Bestie' });
  await expect(picker).toBeVisible();
  // Marked aria-disabled, not disabled: she can still press it and hear why not.
  await picker.getByRole('button', { name: 'Start Chatting' }).focus();
  await page.keyboard.press('Enter');
  // By text: the open dialog hides the rest of the page, toast area included, from roles.
  const toast = page.locator('.toast').filter({ hasText: 'No persona selected' });
  await expect(toast).toBeVisible();
  // Resting on it keeps it (Radix pauses its 5 s); the rest is done from the keyboard.
  await toast.hover({ force: true });
  if (desktop) expect(overlaps(await box(toast), await box(picker))).toBe(false);

  await picker.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  const shown = await box(toast);
  for (const control of [
    page.getByRole('button', { name: 'Upload screenshot' }),
    message,
    page.getByRole('button', { name: 'Spill' }),
  ]) {
    expect(overlaps(shown, await box(control)), control.toString()).toBe(false);
  }

  await page.getByRole('button', { name: 'Upload screenshot' }).focus();
  await page.keyboard.press('Enter');
  const upload = page.getByRole('dialog', { name: 'Upload Screenshot' });
  await expect(upload).toBeVisible();
  await expect(toast).toBeVisible();
  if (desktop) expect(overlaps(await box(toast), await box(upload))).toBe(false);
});
