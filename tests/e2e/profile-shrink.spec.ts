import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signUpViaApi, toasts } from './helpers';

/** A phone photo over 5 MB is shrunk on her device, then uploaded. */

const SHOTS = 'test-results/screenshots';
/** The spec's limit (§5): under 5 MB. */
const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

let bigPng: Buffer;

test.beforeAll(async () => {
  // Noise does not compress: a 1900 px square PNG of it is about 10.5 MB, like a phone photo.
  const side = 1900;
  bigPng = await sharp(randomBytes(side * side * 3), {
    raw: { width: side, height: side, channels: 3 },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  expect(bigPng.length).toBeGreaterThan(PROFILE_IMAGE_MAX_BYTES);
});

const profile = (page: Page) => page.getByRole('region', { name: 'Profile' });

async function uploadBigPicture(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const sent: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/user/profile-image')) {
      sent.push(request.postDataBuffer()?.length ?? 0);
    }
  });
  await profile(page)
    .locator('input[type="file"]')
    .setInputFiles({ name: 'IMG_0042.png', mimeType: 'image/png', buffer: bigPng });
  await expect(toasts(page)).toContainText('Profile picture updated', { timeout: 20_000 });
  expect(sent).toHaveLength(1);
  expect(sent[0]).toBeLessThan(PROFILE_IMAGE_MAX_BYTES);
}

test('a 10 MB picture is shrunk on her device, accepted and shown as her picture', async ({
  page,
}) => {
  await signUpViaApi(page);
  await uploadBigPicture(page);
  await expect(toasts(page)).not.toContainText('File too large');
  const picture = profile(page).getByRole('img', { name: 'Your profile picture' });
  await expect(picture).toHaveAttribute('src', /\/api\/user\/profile-image\//);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  const user = (await (await page.request.get('/api/user')).json()) as { profileImage: string };
  expect(user.profileImage).toMatch(/\/api\/user\/profile-image\//);
});

for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`her shrunk picture in Settings in the ${theme} theme`, async ({ page }, testInfo) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await signUpViaApi(page);
    await uploadBigPicture(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const picture = profile(page).getByRole('img', { name: 'Your profile picture' });
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(256);
    await profile(page).scrollIntoViewIfNeeded();
    mkdirSync(SHOTS, { recursive: true });
    const path = `${SHOTS}/profile-shrunk-${theme}-${testInfo.project.name}.png`;
    await page.screenshot({ path });
    await testInfo.attach(`profile-shrunk-${theme}`, { path, contentType: 'image/png' });
  });
}
