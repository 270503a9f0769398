import { mkdirSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { signUpViaApi } from './helpers';

/**
 * Safari on an iPhone is told once how to add Besties to the home screen; a
 * browser that offers installing has it offered once. Both in Settings, never twice.
 */

const SHOTS = 'test-results/screenshots';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const iosHint = (page: Page) =>
  page.getByRole('region', { name: 'Keep Besties on your home screen' });
const installOffer = (page: Page) => page.getByRole('region', { name: 'Install Besties' });

async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

/** What Chrome does when Besties can be installed; `prompt()` calls are counted in the page. */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const win = window as unknown as { prompts: number };
    win.prompts = 0;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        win.prompts += 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
  });
}

test.describe('on an iPhone', () => {
  test.use({ userAgent: IPHONE_SAFARI });

  test('she is told once how to add Besties to her home screen, and not after dismissing it', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'an iPhone is a phone');
    await signUpViaApi(page);
    await openSettings(page);
    const hint = iosHint(page);
    await expect(hint).toBeVisible();
    await expect(hint).toContainText('Tap the Share button , then ‘Add to Home Screen’.');
    await expect(installOffer(page)).toHaveCount(0);

    await hint.getByRole('button', { name: 'Dismiss' }).click();
    await expect(hint).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
    await expect(iosHint(page)).toHaveCount(0);
  });
});

test('where the browser offers installing, she is offered it once', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'desktop Chromium');
  await signUpViaApi(page);
  await openSettings(page);
  await expect(installOffer(page)).toHaveCount(0);
  await offerInstall(page);
  const offer = installOffer(page);
  await expect(offer).toBeVisible();
  await expect(iosHint(page)).toHaveCount(0);

  await offer.getByRole('button', { name: 'Install Besties' }).click();
  await expect(offer).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { prompts: number }).prompts)).toBe(1);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
  await offerInstall(page);
  await expect(installOffer(page)).toHaveCount(0);
});

test('an install offer she dismissed is never made again', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'desktop Chromium');
  await signUpViaApi(page);
  await openSettings(page);
  await offerInstall(page);
  await installOffer(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(installOffer(page)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { prompts: number }).prompts)).toBe(0);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
  await offerInstall(page);
  await expect(installOffer(page)).toHaveCount(0);
});

for (const theme of ['pink', 'light', 'dark'] as const) {
  test.describe(`install help in the ${theme} theme`, () => {
    test.use({ userAgent: IPHONE_SAFARI });

    test('on an iPhone, and where the browser offers installing', async ({ page }, testInfo) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await signUpViaApi(page);
      await openSettings(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      mkdirSync(SHOTS, { recursive: true });
      const name = testInfo.project.name;
      await expect(iosHint(page)).toBeVisible();
      const hintPath = `${SHOTS}/install-hint-ios-${theme}-${name}.png`;
      await page.screenshot({ path: hintPath });
      await testInfo.attach(`install-hint-ios-${theme}`, {
        path: hintPath,
        contentType: 'image/png',
      });

      await offerInstall(page);
      await expect(installOffer(page)).toBeVisible();
      const offerPath = `${SHOTS}/install-offer-${theme}-${name}.png`;
      await page.screenshot({ path: offerPath });
      await testInfo.attach(`install-offer-${theme}`, {
        path: offerPath,
        contentType: 'image/png',
      });
    });
  });
}
