import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signUpViaApi } from './helpers';

/**
 * 'Use this text' attaches the screenshot to her next message, so she can ask her question
 * with it; Spill sends both as one message.
 */

const SHOTS = 'test-results/screenshots';
const QUESTION = 'What does he mean by this?';

/** A light chat screenshot with known words, rendered here (DejaVu Sans), as ocr.spec.ts. */
async function screenshotPng(lines: string[]): Promise<Buffer> {
  const rows = lines
    .map(
      (line, index) =>
        `<text x="24" y="${60 + index * 48}" font-family="DejaVu Sans" font-size="22" fill="#111">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="${80 + lines.length * 48}"><rect width="100%" height="100%" fill="#fff"/>${rows}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Signed up, in her Cassie chat, with a screenshot read and attached by 'Use this text'. */
async function attachScreenshot(page: Page) {
  await signUpViaApi(page);
  await page.goto('/chat?bestie=cassie');
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Upload screenshot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Screenshot' });
  await dialog.getByTestId('ocr-file-input').setInputFiles({
    name: 'chat.png',
    mimeType: 'image/png',
    buffer: await screenshotPng(['Are we still on for dinner', 'Sorry I was late again']),
  });
  await expect(dialog.getByLabel(/^Extracted Text/)).toHaveValue(/dinner/, { timeout: 45_000 });
  await dialog.getByRole('button', { name: 'Use this text' }).click();
  await expect(dialog).toBeHidden();
  const chip = page.getByRole('group', { name: 'Screenshot attached' });
  await expect(chip).toBeVisible();
  return chip;
}

test('she attaches a screenshot, asks her question with it, and both go as one message', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const chip = await attachScreenshot(page);
  const box = page.getByPlaceholder('Message your bestie...');
  // Nothing sent yet: the box has focus for her question.
  await expect(box).toBeFocused();
  await expect(chip).toContainText('Are we still on for dinner');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.locator('.message-row--user')).toHaveCount(0);
  await box.pressSequentially(QUESTION);

  // The chip in each theme (the attribute the theme picker sets: app/theme).
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ['pink', 'light', 'dark'] as const) {
    await page.evaluate((value) => {
      document.documentElement.dataset.theme = value;
    }, theme);
    const path = `${SHOTS}/ocr-chip-${theme}-${testInfo.project.name}.png`;
    await page.screenshot({ path });
    await testInfo.attach(`ocr-chip-${theme}`, { path, contentType: 'image/png' });
  }

  await page.getByRole('button', { name: 'Spill' }).click();
  await expect(chip).toBeHidden();
  await expect(box).toHaveValue('');
  const mine = log.locator('.message-row--user');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(QUESTION);
  await expect(mine).toContainText('OCR Result');
  await expect(mine.getByAltText('Screenshot')).toBeVisible();
  // The server has one message of hers: her question, with the screenshot's text and image.
  await expect(log.locator('.message-row--bestie:not(.message-row--unsaved)')).toHaveCount(1, {
    timeout: 20_000,
  });
  const pulled = await page.request.get('/api/sync/pull?cursor=0');
  const { messages } = (await pulled.json()) as {
    messages: {
      isUser: boolean;
      message: string;
      isOCR: boolean;
      extractedText: string | null;
      imageUrl: string | null;
    }[];
  };
  const hers = messages.filter((message) => message.isUser);
  expect(hers).toHaveLength(1);
  expect(hers[0]).toMatchObject({ message: QUESTION, isOCR: true });
  expect(hers[0]?.extractedText).toMatch(/dinner/);
  expect(hers[0]?.imageUrl).toMatch(/^\/api\/images\//);
  await page.screenshot({ path: `${SHOTS}/ocr-chip-sent-${testInfo.project.name}.png` });
});

test('she removes the attached screenshot, and only her words are sent', async ({ page }) => {
  test.setTimeout(90_000);
  const chip = await attachScreenshot(page);
  await chip.getByRole('button', { name: 'Remove screenshot' }).click();
  await expect(chip).toBeHidden();
  const box = page.getByPlaceholder('Message your bestie...');
  await expect(box).toBeFocused();
  await box.pressSequentially('never mind, just hi');
  await box.press('Enter');
  const log = page.getByRole('log', { name: 'Messages' });
  const mine = log.locator('.message-row--user');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('never mind, just hi');
  await expect(mine.getByAltText('Screenshot')).toHaveCount(0);
  await expect(log.getByText('OCR Result')).toHaveCount(0);
});
