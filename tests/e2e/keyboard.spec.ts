import { expect, test, type Page } from '@playwright/test';
import { expectVisibleFocus, tabTo } from './focus';
import { PASSWORD, signUpViaApi, TEASER_BUTTON, uniqueEmail } from './helpers';

/**
 * Every flow works by keyboard alone, with visible focus. Nothing here is clicked or
 * filled: Tab, Shift+Tab, Enter, Space, Escape and the arrow keys reach each control, and
 * what she types goes to the field that has focus. Every stop shows a focus ring of at least
 * 3:1 in the pink, light and dark themes (tabTo checks each one).
 */

const box = (page: Page) => page.getByRole('textbox', { name: 'Message your bestie' });

/** The chat history: the column on a desktop, the drawer (opened from the keyboard) on a phone. */
async function historyByKeyboard(page: Page, phone: boolean) {
  const history = page.getByRole('navigation', { name: 'Chat history' });
  if (!phone) return history;
  const menu = page.getByRole('button', { name: 'Open menu' });
  await tabTo(page, menu, { back: true, max: 60 });
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect
    .poll(() => drawer.evaluate((node) => node.contains(document.activeElement)))
    .toBe(true);
  return drawer.getByRole('navigation', { name: 'Chat history' });
}

async function openSettingsByKeyboard(page: Page, phone: boolean) {
  const history = await historyByKeyboard(page, phone);
  await tabTo(page, history.getByRole('link', { name: 'Settings' }), { max: 60 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
}

test('she signs up, logs out and logs in again on /auth by keyboard', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const phone = testInfo.project.name === 'phone';
  const email = uniqueEmail('keys');
  await page.goto('/auth');
  await expect(page.getByRole('tabpanel', { name: 'Log In' })).toBeVisible({ timeout: 20_000 });

  // The tabs: Tab reaches the chosen one, the arrow moves to the other, Enter opens it.
  await tabTo(page, page.getByRole('tab', { name: 'Log In' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeFocused();
  await expectVisibleFocus(page, 'Sign Up tab');
  await page.keyboard.press('Enter');
  const signUp = page.getByRole('tabpanel', { name: 'Sign Up' });
  await expect(signUp.getByLabel('Email')).toBeFocused();
  await expectVisibleFocus(page, 'sign-up email');
  await page.keyboard.type(email);
  await tabTo(page, signUp.getByLabel('Password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, signUp.getByLabel('Confirm Password'));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, signUp.getByRole('button', { name: 'Sign Up' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chat/, { timeout: 20_000 });
  await expect(box(page)).toBeFocused({ timeout: 20_000 });

  // Log out, from settings.
  await openSettingsByKeyboard(page, phone);
  await tabTo(page, page.getByRole('button', { name: 'Log out' }), { max: 80 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });

  // And back in, on the Log In tab.
  await page.goto('/auth');
  const logIn = page.getByRole('tabpanel', { name: 'Log In' });
  await tabTo(page, logIn.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, logIn.getByLabel('Password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chat/, { timeout: 20_000 });
  await expect(box(page)).toBeFocused({ timeout: 20_000 });
});

test('she chats, sees the plans up to the pay button, uses the menu, the upload dialog and a new chat, by keyboard', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const phone = testInfo.project.name === 'phone';
  await signUpViaApi(page);
  await page.goto(`/chat?new=${Date.now()}`);
  await expect(box(page)).toBeFocused({ timeout: 20_000 });
  await expectVisibleFocus(page, 'message box');

  // A message and its reply: a free user's teaser, then the plans open on their own once she
  // moves out of her message box (never while she is in it).
  await page.keyboard.type('My sister borrowed my car again without asking');
  await page.keyboard.press('Enter');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByRole('button', { name: TEASER_BUTTON })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(2500);
  // Back to the button before the box (the box is the page's last stop: Tab would leave it).
  await page.keyboard.press('Shift+Tab');
  const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Bestie' });
  await expect(upgrade).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(() => upgrade.evaluate((node) => node.contains(document.activeElement)))
    .toBe(true);

  // The plan tabs by arrow, then Subscribe Now, then the pay button (not pressed).
  await tabTo(page, upgrade.getByRole('tab', { name: 'Month' }));
  await page.keyboard.press('ArrowRight');
  await expect(upgrade.getByRole('tab', { name: 'Year' })).toBeFocused();
  await expect(upgrade.getByRole('tab', { name: 'Year' })).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, upgrade.getByRole('button', { name: 'Subscribe Now' }));
  await page.keyboard.press('Enter');
  const checkout = page.getByRole('dialog', { name: 'Subscribe to Bestie for the Year' });
  await expect(checkout).toBeVisible({ timeout: 15_000 });
  await tabTo(page, checkout.getByRole('button', { name: /^Pay \$/ }));
  // Escape leaves the payment for the plans; Escape again goes back to where she had gone.
  await page.keyboard.press('Escape');
  await expect(checkout).toBeHidden();
  await expect(upgrade).toBeVisible();
  await expect
    .poll(() => upgrade.evaluate((node) => node.contains(document.activeElement)))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(upgrade).toBeHidden();
  await expect(page.getByRole('button', { name: 'Upload screenshot' })).toBeFocused();

  // The chat's options menu: Enter opens it on its first item, Enter chooses it.
  const options = page.getByRole('button', { name: 'Chat options' });
  await tabTo(page, options, { back: true, max: 60 });
  await page.keyboard.press('Enter');
  const exportItem = page.getByRole('menuitem', { name: 'Export as Markdown' });
  await expect(exportItem).toBeFocused();
  await expectVisibleFocus(page, 'menu item');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/\.md$/);
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(options).toBeFocused();

  // The upload dialog opens and closes.
  const upload = page.getByRole('button', { name: 'Upload screenshot' });
  await tabTo(page, upload, { max: 60 });
  await page.keyboard.press('Enter');
  const uploadDialog = page.getByRole('dialog', { name: 'Upload Screenshot' });
  await expect(uploadDialog).toBeVisible({ timeout: 15_000 });
  await tabTo(page, uploadDialog.getByRole('button', { name: /Choose file/ }));
  await page.keyboard.press('Escape');
  await expect(uploadDialog).toBeHidden();
  await expect(upload).toBeFocused();

  // A new chat with a bestie picked in the persona picker.
  const history = await historyByKeyboard(page, phone);
  await tabTo(page, history.getByRole('button', { name: 'New Chat', exact: true }), {
    back: !phone,
    max: 60,
  });
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Choose Your Bestie' });
  await expect(picker).toBeVisible();
  const cassie = picker.getByRole('radio', { name: 'Cassie' });
  await tabTo(page, cassie);
  await page.keyboard.press('Space');
  await expect(cassie).toHaveAttribute('aria-checked', 'true');
  const before = page.url();
  await tabTo(page, picker.getByRole('button', { name: 'Start Chatting' }));
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(page).not.toHaveURL(before);
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/^Hey! I'm Cassie\./)).toBeVisible();
  await expect(box(page)).toBeFocused();
});

test('she opens crisis help by keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page);
  await page.goto(`/chat?new=${Date.now()}`);
  await expect(box(page)).toBeFocused({ timeout: 20_000 });
  await page.keyboard.type('I want to die');
  await page.keyboard.press('Enter');
  const help = page.getByRole('button', { name: 'Get help now' });
  await tabTo(page, help, { back: true, max: 60 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Get help now' });
  await expect(dialog).toBeVisible();
  const call = dialog.getByRole('link', { name: 'Call 988' });
  await tabTo(page, call);
  await expect(call).toHaveAttribute('href', 'tel:988');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(help).toBeFocused();
});

test("her focus stays on the help link she is on when the crisis reply takes the help card's place", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page);
  await page.goto(`/chat?new=${Date.now()}`);
  await expect(box(page)).toBeFocused({ timeout: 20_000 });
  // The reply waits (its stream and the pull that would bring it) until she is on the card.
  let replyMayCome!: () => void;
  const gate = new Promise<void>((resolve) => (replyMayCome = resolve));
  await page.route(/\/replies\/|\/api\/sync\/pull/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.keyboard.type('I want to die');
  await page.keyboard.press('Enter');
  const card = page.getByRole('log').getByRole('region', { name: 'Get help now' });
  const call = card.getByRole('link', { name: 'Call 988' });
  await tabTo(page, call, { back: true, max: 60 });
  replyMayCome();
  // The crisis reply carries the same help; the card goes, and she is on the reply's link.
  await expect(card).toBeHidden({ timeout: 20_000 });
  const reply = page.getByRole('log').locator('.chat-bubble--crisis');
  await expect(reply.getByRole('link', { name: 'Call 988' })).toBeFocused();
  await expectVisibleFocus(page, 'Call 988 in the reply');
});

test('she changes the theme in settings and goes back to her chat by keyboard', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = testInfo.project.name === 'phone';
  await signUpViaApi(page);
  await page.goto(`/chat?new=${Date.now()}`);
  await expect(box(page)).toBeFocused({ timeout: 20_000 });
  await openSettingsByKeyboard(page, phone);

  // A native radio group: Tab reaches the chosen theme, the arrows choose another.
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  await tabTo(page, page.getByRole('radio', { name: 'Pink' }), { max: 60 });
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Light' })).toBeFocused();
  await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();
  await expect.poll(theme).toBe('light');
  await expectVisibleFocus(page, 'Light radio');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect.poll(theme).toBe('dark');
  await expectVisibleFocus(page, 'Dark radio');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Pink' })).toBeChecked();
  await expect.poll(theme).toBe('pink');

  const back = page.getByRole('link', { name: 'Back to chat' });
  await tabTo(page, back, { back: true, max: 60 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chat/);
  await expect(box(page)).toBeFocused({ timeout: 20_000 });
});
