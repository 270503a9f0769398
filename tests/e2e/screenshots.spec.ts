import { mkdirSync } from 'node:fs';
import { test, expect } from '@playwright/test';

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
