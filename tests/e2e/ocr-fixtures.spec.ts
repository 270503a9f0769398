import { expect, test } from '@playwright/test';
import { cer } from '../fixtures/ocr/cer';
import { ocrFixtures, renderPng } from '../fixtures/ocr/fixtures';
import { signUpViaApi } from './helpers';

/**
 * The OCR budget (README, Performance budgets), in the browser: each fixture (light, dark
 * mode, mixed bubble colours, small text, WhatsApp dark with the phone's clutter, a receipt,
 * two business cards) read on the device through the dialog with a character error rate of at
 * most 2 %.
 */
test('reads every OCR fixture on the device with at most 2 % character errors', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'The same reader runs on both; once is enough');
  test.setTimeout(180_000);
  await signUpViaApi(page);
  await page.goto('/chat?bestie=cassie');
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible();
  const rates: Record<string, number> = {};
  for (const fixture of ocrFixtures()) {
    await page.getByRole('button', { name: 'Upload screenshot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Screenshot' });
    await dialog.getByTestId('ocr-file-input').setInputFiles({
      name: `${fixture.name}.png`,
      mimeType: 'image/png',
      buffer: await renderPng(fixture),
    });
    const text = dialog.getByLabel(/^Extracted Text/);
    await expect(dialog.getByRole('button', { name: 'Use this text' })).toBeEnabled({
      timeout: 60_000,
    });
    rates[fixture.name] = cer(fixture.expected, await text.inputValue());
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
  console.log('CER in the browser', rates);
  for (const [name, rate] of Object.entries(rates)) {
    expect(rate, name).toBeLessThanOrEqual(0.02);
  }
});
