import { mkdirSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import sharp from 'sharp';
import { chatWithMessage, openChatHistory, signUpViaApi, TEASER_BUTTON } from './helpers';

const SHOTS = 'test-results/screenshots';

for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`the auth page in the ${theme} theme`, async ({ page }, testInfo) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.goto('/auth');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible();
    mkdirSync(SHOTS, { recursive: true });
    const path = `${SHOTS}/auth-${theme}-${testInfo.project.name}.png`;
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`auth-${theme}`, { path, contentType: 'image/png' });
  });
}

for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`the checkout dialog and a declined card in the ${theme} theme`, async ({
    page,
  }, testInfo) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.goto('/checkout?plan=bestie-lifetime');
    const dialog = page.getByRole('dialog', { name: 'Subscribe to Bestie for Life' });
    await dialog.getByLabel('Email').fill('screens@example.com');
    await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
    await dialog.getByLabel('Expiry').fill('12 / 34');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Pay $199.99' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Your card was declined.');
    mkdirSync(SHOTS, { recursive: true });
    const path = `${SHOTS}/checkout-declined-${theme}-${testInfo.project.name}.png`;
    await page.screenshot({ path });
    await testInfo.attach(`checkout-declined-${theme}`, { path, contentType: 'image/png' });
  });
}

for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`settings with her profile, devices and the delete dialog in the ${theme} theme`, async ({
    page,
  }, testInfo) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const email = `screens-${theme}-${testInfo.project.name}-${Date.now()}@example.com`;
    const answer = await page.request.post('/api/register', {
      data: { email, password: 'sparkle-123' },
    });
    const { id } = (await answer.json()) as { id: string };
    await page.request.patch(`/api/users/${id}`, {
      data: { name: 'Ann Lee', metadata: { ageRange: '25-34', location: 'Austin, TX' }, theme },
    });
    const picture = await sharp({
      create: { width: 320, height: 320, channels: 3, background: '#c084fc' },
    })
      .png()
      .toBuffer();
    await page.request.post('/api/user/profile-image', {
      multipart: { profileImage: { name: 'me.png', mimeType: 'image/png', buffer: picture } },
    });
    await page.goto('/settings');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('region', { name: 'Profile' }).getByLabel('Name')).toHaveValue(
      'Ann Lee',
    );
    await expect(page.getByText('This device', { exact: true })).toBeVisible();
    mkdirSync(SHOTS, { recursive: true });
    const path = `${SHOTS}/settings-${theme}-${testInfo.project.name}.png`;
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`settings-${theme}`, { path, contentType: 'image/png' });

    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
    const dialogPath = `${SHOTS}/delete-account-${theme}-${testInfo.project.name}.png`;
    await page.screenshot({ path: dialogPath });
    await testInfo.attach(`delete-account-${theme}`, {
      path: dialogPath,
      contentType: 'image/png',
    });
  });
}

for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`the landing's plan dialog and the chat's login modal in the ${theme} theme`, async ({
    page,
  }, testInfo) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    mkdirSync(SHOTS, { recursive: true });
    const shot = async (name: string) => {
      const path = `${SHOTS}/${name}-${theme}-${testInfo.project.name}.png`;
      await page.screenshot({ path });
      await testInfo.attach(`${name}-${theme}`, { path, contentType: 'image/png' });
    };
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.locator('[data-plan="bestie-lifetime"]').click();
    await expect(page.getByRole('dialog', { name: 'Ready to meet your bestie?' })).toBeVisible();
    await shot('plan-dialog');

    await page.goto('/chat?bestie=cassie');
    const box = page.getByPlaceholder('Message your bestie...');
    await expect(box).toBeFocused();
    await box.fill('Can I ask you something?');
    await page.getByRole('button', { name: 'Spill' }).click();
    const modal = page.getByRole('dialog', { name: 'Continue chatting with Cassie' });
    await expect(modal.getByLabel('Confirm Password')).toBeVisible();
    await shot('login-modal');
  });
}

for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`the upgrade and checkout dialogs and a toast in the chat in the ${theme} theme`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    mkdirSync(SHOTS, { recursive: true });
    const shot = async (name: string) => {
      const path = `${SHOTS}/${name}-${theme}-${testInfo.project.name}.png`;
      await page.screenshot({ path });
      await testInfo.attach(`${name}-${theme}`, { path, contentType: 'image/png' });
    };
    await signUpViaApi(page);
    const id = await chatWithMessage(page, 'He left me on read');
    await page.goto(`/chat/${id}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.getByRole('button', { name: TEASER_BUTTON }).click({ timeout: 20_000 });
    const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Bestie' });
    await expect(upgrade.getByRole('tab', { name: 'Month' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await shot('upgrade-dialog');
    await upgrade.getByRole('button', { name: 'Subscribe Now' }).click();
    const checkout = page.getByRole('dialog', { name: 'Subscribe to Bestie for the Month' });
    await expect(checkout.getByLabel('Card number')).toBeVisible();
    await shot('checkout-dialog');
    await checkout.getByRole('button', { name: 'Close' }).click();
    await upgrade.getByRole('button', { name: 'Cancel' }).click();
    await expect(upgrade).toBeHidden();

    // A toast beside an open dialog: the persona picker asks for a bestie first.
    await (
      await openChatHistory(page)
    )
      .getByRole('button', { name: 'New Chat', exact: true })
      .click();
    const picker = page.getByRole('dialog', { name: 'Choose Your Bestie' });
    await picker.getByRole('button', { name: 'Start Chatting' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('No persona selected', { exact: true })).toBeVisible();
    await shot('toast-over-dialog');
  });
}
