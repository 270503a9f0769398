import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { goOffline, goOnline, serviceWorkerReady, signUpViaApi } from './helpers';

/** A light chat screenshot with known words, rendered here (DejaVu Sans). */
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

const SHOTS = 'test-results/screenshots';

/** A new account's first chat screen waits for its first sync, on a machine that may be busy
 * reading the OCR fixtures in the other worker: more time than an assertion's default. */
async function openCassie(page: Page) {
  await page.goto('/chat?bestie=cassie');
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible({ timeout: 20_000 });
}

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Upload screenshot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Screenshot' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function readScreenshot(page: Page, png: Buffer) {
  const dialog = await openDialog(page);
  await dialog
    .getByTestId('ocr-file-input')
    .setInputFiles({ name: 'chat.png', mimeType: 'image/png', buffer: png });
  return dialog;
}

test('reads a screenshot on the device, and its text goes into the chat with a reply', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signUpViaApi(page);
  await openCassie(page);
  const png = await screenshotPng(['Are we still on for dinner', 'Sorry I was late again']);
  const dialog = await readScreenshot(page, png);
  const text = dialog.getByLabel(/^Extracted Text/);
  await expect(text).toHaveValue(/dinner/, { timeout: 45_000 });
  await expect(text).toHaveValue(/late again/);
  await page.screenshot({ path: `${SHOTS}/ocr-dialog-${testInfo.project.name}.png` });
  await dialog.getByRole('button', { name: 'Use this text' }).click();
  await expect(dialog).toBeHidden();
  // Attached to her next message: Spill sends it.
  await page.getByRole('button', { name: 'Spill' }).click();

  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('OCR Result')).toBeVisible();
  await expect(log.getByAltText('Screenshot')).toBeVisible();
  // Her message is saved with the server's copy of the image, then the bestie answers.
  await expect(log.locator('.message-row--bestie:not(.message-row--unsaved)')).toHaveCount(1, {
    timeout: 20_000,
  });
});

/** What the on-device reader loads (vite.config.ts copies them to /ocr/). */
const OCR_FILES = [
  '/ocr/worker.min.js',
  '/ocr/lang/eng.traineddata.gz',
  '/ocr/core/tesseract-core-lstm.wasm.js',
  '/ocr/core/tesseract-core-simd-lstm.wasm.js',
  '/ocr/core/tesseract-core-relaxedsimd-lstm.wasm.js',
];

test('the OCR files come with the install: her first screenshot reads with the network off', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page);
  await openCassie(page);
  await serviceWorkerReady(page);
  // In the service worker's precache from install, not cached on first use.
  const precached = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      const cache = await caches.open(name);
      paths.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return paths;
  });
  expect(precached).toEqual(expect.arrayContaining(OCR_FILES));

  await goOffline(context);
  await page.reload();
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible();
  const dialog = await readScreenshot(page, await screenshotPng(['Offline words still read']));
  await expect(dialog.getByLabel(/^Extracted Text/)).toHaveValue(/Offline words/, {
    timeout: 45_000,
  });
  await dialog.getByRole('button', { name: 'Use this text' }).click();
  await page.getByRole('button', { name: 'Spill' }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('OCR Result')).toBeVisible();
  await expect(log.getByText('Queued')).toBeVisible();
  await expect(log.getByAltText('Screenshot')).toHaveAttribute('src', /^blob:/);

  // Back online: the image goes up first, then the message, which now shows the server's copy.
  await goOnline(context);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(log.getByText('Queued')).toBeHidden({ timeout: 20_000 });
  await expect(log.locator('.message-row--bestie:not(.message-row--unsaved)')).toHaveCount(1, {
    timeout: 20_000,
  });
  const stored = await page.request.get('/api/sync/pull?cursor=0');
  const { messages } = (await stored.json()) as { messages: { imageUrl: string | null }[] };
  expect(messages.some((message) => message.imageUrl?.startsWith('/api/images/'))).toBe(true);
});

test('an image shared to the installed app opens the dialog and is read', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpViaApi(page);
  await openCassie(page);
  await serviceWorkerReady(page);
  const png = await screenshotPng(['Shared from my photos']);
  // What the platform does for a share: a multipart POST to the manifest's share_target.
  const status = await page.evaluate(
    async (bytes) => {
      const form = new FormData();
      form.append('image', new File([new Uint8Array(bytes)], 'shared.png', { type: 'image/png' }));
      const answer = await fetch('/share-target', { method: 'POST', body: form });
      return answer.status;
    },
    [...png],
  );
  expect(status).toBe(200);
  await page.goto('/chat?bestie=cassie');
  const dialog = page.getByRole('dialog', { name: 'Upload Screenshot' });
  await expect(dialog.getByLabel(/^Extracted Text/)).toHaveValue(/Shared from my photos/, {
    timeout: 45_000,
  });
});

test('a free user who asks for enhanced analysis sees the amber notice and her basic text', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signUpViaApi(page);
  await openCassie(page);
  const dialog = await openDialog(page);
  await dialog.getByRole('switch', { name: 'Enhanced Analysis' }).click();
  await dialog.getByLabel('Analysis Type').selectOption('receipt');
  await expect(dialog.getByText('Extract merchant, items and amounts')).toBeVisible();
  await dialog.getByTestId('ocr-file-input').setInputFiles({
    name: 'chat.png',
    mimeType: 'image/png',
    buffer: await screenshotPng(['Coffee 4.50', 'Total 4.50']),
  });
  const notice =
    'Enhanced OCR analysis is available with a subscription. Upgrade to access this feature.';
  await expect(dialog.locator('.ocr-notice--amber')).toHaveText(notice, { timeout: 45_000 });
  await expect(dialog.getByLabel(/^Extracted Text/)).toHaveValue(/Total 4.50/);
  await page.screenshot({ path: `${SHOTS}/ocr-dialog-refused-${testInfo.project.name}.png` });
});

test('an image that cannot be read shows the failure words, not an empty preview', async ({
  page,
}, testInfo) => {
  await signUpViaApi(page);
  await openCassie(page);
  const dialog = await openDialog(page);
  await dialog.getByTestId('ocr-file-input').setInputFiles({
    name: 'broken.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these bytes are not a picture at all'),
  });
  await expect(dialog.getByRole('alert')).toHaveText(
    'Failed to process your image. Please try again.',
    { timeout: 30_000 },
  );
  await expect(dialog.getByAltText('Screenshot preview')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Use this text' })).toBeDisabled();
  await expect(page.getByText('Failed to process image', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ocr-dialog-unreadable-${testInfo.project.name}.png` });

  // A picture she picks next is read as ever.
  await dialog.getByTestId('ocr-file-input').setInputFiles({
    name: 'chat.png',
    mimeType: 'image/png',
    buffer: await screenshotPng(['Second try works']),
  });
  await expect(dialog.getByAltText('Screenshot preview')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByLabel(/^Extracted Text/)).toHaveValue(/Second try/, {
    timeout: 45_000,
  });
});
