import { mkdirSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { signUpViaApi } from './helpers';

/**
 * An icon button shows its tooltip 700 ms after she points at it from the
 * chat's first paint, before Radix's tooltip chunk has arrived (held back here by page.route).
 */

const SHOTS = 'test-results/screenshots';

/** Holds Radix's tooltip chunk until `release()`; says whether it was asked for. */
async function holdTooltipChunk(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((done) => (release = done));
  let asked = false;
  await page.route(/\/assets\/RadixTooltip-[^/]*\.js$/, async (route) => {
    asked = true;
    await released;
    await route.continue().catch(() => undefined);
  });
  return { release, asked: () => asked };
}

/** When, in the page's clock, her pointer first came onto a button and a tooltip first showed. */
interface TooltipTimes {
  hover?: number;
  tooltip?: number;
}

/** Records TooltipTimes in the page from its start. */
async function timeTooltips(page: Page) {
  await page.addInitScript(() => {
    const times: TooltipTimes = {};
    (window as unknown as { tooltipTimes: TooltipTimes }).tooltipTimes = times;
    document.addEventListener(
      'pointerover',
      (event) => {
        if (event.target instanceof Element && event.target.closest('button')) {
          times.hover ??= performance.now();
        }
      },
      true,
    );
    new MutationObserver(() => {
      if (document.querySelector('[role="tooltip"]')) times.tooltip ??= performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { tooltipTimes: TooltipTimes }).tooltipTimes);
}

async function pointAtUploadRightAfterFirstPaint(page: Page) {
  await page.goto('/chat');
  const upload = page.getByRole('button', { name: 'Upload screenshot' });
  await upload.waitFor();
  await upload.hover();
  return upload;
}

test('an icon button pointed at on first paint shows its tooltip at 700 ms, before Radix loads', async ({
  page,
}) => {
  await signUpViaApi(page);
  const chunk = await holdTooltipChunk(page);
  const times = await timeTooltips(page);
  await pointAtUploadRightAfterFirstPaint(page);

  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toHaveText('Upload screenshot', { timeout: 1_500 });
  const { hover = NaN, tooltip: shown = NaN } = await times();
  expect(shown - hover).toBeGreaterThanOrEqual(690);
  expect(shown - hover).toBeLessThan(1_000);
  // Above the button, on the screen.
  const box = (await tooltip.boundingBox())!;
  const button = (await page.getByRole('button', { name: 'Upload screenshot' }).boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(button.y);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  // Radix's chunk was asked for and has not arrived: this is the early tooltip.
  expect(chunk.asked()).toBe(true);
  expect(await page.locator('[data-radix-popper-content-wrapper]').count()).toBe(0);

  chunk.release();
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);
  // Radix's chunk arrives.
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /RadixTooltip-[^/]*\.js$/.test(entry.name)),
      ),
    )
    .toBe(true);
  // Once Radix is here it takes over, with the same 700 ms.
  await page.getByRole('button', { name: 'Upload screenshot' }).hover();
  await expect(page.locator('[data-radix-popper-content-wrapper]')).toHaveCount(1, {
    timeout: 1_500,
  });
  await expect(page.getByRole('tooltip')).toHaveText('Upload screenshot');
});

for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`the early tooltip on the chat in the ${theme} theme`, async ({ page }, testInfo) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await signUpViaApi(page);
    const chunk = await holdTooltipChunk(page);
    await pointAtUploadRightAfterFirstPaint(page);
    await expect(page.getByRole('tooltip')).toHaveText('Upload screenshot', { timeout: 1_500 });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    mkdirSync(SHOTS, { recursive: true });
    const path = `${SHOTS}/tooltip-early-${theme}-${testInfo.project.name}.png`;
    await page.screenshot({ path });
    await testInfo.attach(`tooltip-early-${theme}`, { path, contentType: 'image/png' });
    chunk.release();
  });
}
