import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signUpViaApi, TEASER_BUTTON } from './helpers';

/**
 * The Content-Security-Policy breaks nothing she does. Every page of the journey
 * reports each violation it sees (the `securitypolicyviolation` event, and Chromium's
 * "Refused to…" console errors); there must be none.
 */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (report: string) => violations.push(report));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`;
      (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation(
        report,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) {
      violations.push(`console: ${message.text()}`);
    }
  });
  return violations;
}

/** A light chat screenshot with known words (DejaVu Sans), as the OCR tests draw it. */
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

/** One browser size proves the policy; the phone project skips these. */
const desktopOnly = () =>
  test.skip(test.info().project.name !== 'desktop', 'the policy is proved on desktop');

test('the pages are served with the policy, and the detector sees a script it forbids', async ({
  page,
}) => {
  desktopOnly();
  const violations = await watchPolicy(page);
  const answer = await page.goto('/');
  const policy = answer?.headers()['content-security-policy'] ?? '';
  // index.html's inline scripts (the theme, the chat's route preloads), each by its hash.
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+ 'wasm-unsafe-eval'/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toMatch(/stripe/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ask your AI bestie anything' }),
  ).toBeVisible();
  expect(violations).toEqual([]);

  // An injected inline script is refused, and reported: the watch above would see a real one.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => '__injected' in window)).toBe(false);
});

test('landing, chat, settings, on-device OCR and the test checkout run with no violation', async ({
  page,
}) => {
  desktopOnly();
  test.setTimeout(120_000);
  const violations = await watchPolicy(page);

  // The saved theme is applied by index.html's inline script, allowed by its hash.
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: "You won't believe what happened…" }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('button', { name: 'Girl Bye' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A message, its streamed reply (an event stream) and the nudge dialog.
  await signUpViaApi(page);
  await page.goto(`/chat?new=${Date.now()}`);
  const box = page.getByPlaceholder('Message your bestie...');
  await box.fill('Is this policy strict enough?');
  await box.press('Enter');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Is this policy strict enough?')).toBeVisible();
  await expect(log.getByRole('button', { name: TEASER_BUTTON })).toBeVisible();

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  // Tesseract: a blob: worker, its scripts from /ocr/ and a WebAssembly core.
  await page.goto('/chat?bestie=cassie');
  await page.getByRole('button', { name: 'Upload screenshot' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Screenshot' });
  await upload.getByTestId('ocr-file-input').setInputFiles({
    name: 'chat.png',
    mimeType: 'image/png',
    buffer: await screenshotPng(['Are we still on for dinner']),
  });
  await expect(upload.getByLabel(/^Extracted Text/)).toHaveValue(/dinner/, { timeout: 45_000 });
  await upload.getByRole('button', { name: 'Close' }).click();

  // The test provider's card form (no Stripe keys in e2e, so no Stripe host is allowed).
  await page.goto('/checkout?plan=bestie-year');
  const checkout = page.getByRole('dialog', { name: 'Subscribe to Bestie for the Year' });
  await expect(checkout.getByText('Test mode — no real charge')).toBeVisible();
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
  await checkout.getByLabel('Expiry').fill('12 / 34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: 'Pay $99.99' }).click();
  await expect(checkout).toBeHidden({ timeout: 15_000 });

  expect(violations).toEqual([]);
});
