import { expect, test, type Page } from '@playwright/test';
import { CASSIE_CHAT_URL, fillLogIn, PASSWORD, signUpViaApi } from './helpers';

test('a visitor is sent to log in and comes back where she was going', async ({ page }) => {
  const email = await signUpViaApi(page);
  await page.request.post('/api/logout');

  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fsettings$/);
  await fillLogIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText(email)).toBeVisible();
});

test('the redirect after login never leaves the site', async ({ page }) => {
  const email = await signUpViaApi(page);
  await page.request.post('/api/logout');
  await page.goto(`/auth?redirect=${encodeURIComponent('//evil.example/phish')}`);
  await fillLogIn(page, email, PASSWORD);
  await expect(page).toHaveURL(CASSIE_CHAT_URL);
});

test('chatting with Cassie is open to visitors', async ({ page }) => {
  await page.goto('/chat/cassie');
  await expect(page).toHaveURL(/\/chat\?bestie=cassie$/);
  await page.goto('/chat/some-chat');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fchat%2Fsome-chat$/);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const answer = await page.goto('/no-such-page');
  expect(answer?.status()).toBe(404);
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
});

test('the chosen theme is kept across a reload, with no flash of pink', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/settings');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'pink');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(html).toHaveAttribute('data-theme', 'dark');

  // Record the theme at the moment the parser reaches <body>, before anything is painted.
  await page.addInitScript(() => {
    const record = window as unknown as { themeAtBody?: string };
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      record.themeAtBody = document.documentElement.dataset.theme ?? 'none';
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => (window as { themeAtBody?: string }).themeAtBody)).toBe('dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
});

test('the loading screen is painted before any script comes', async ({ page }) => {
  // A phone's network, at its slowest: the app's scripts have not come yet.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/chat');
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  // Her screen is no longer blank: the browser counts the spinner as content.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
    .toBe(1);
});

test('the loading screen stays, never blank, while the first screen itself still loads', async ({
  page,
}) => {
  // The app's entry has run; the landing page's own chunk is slow to come.
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  await page.route('**/assets/Landing-*.js', async (route) => {
    await arrived;
    await route.continue();
  });
  const entryRan = page.waitForResponse(/\/assets\/index-[\w-]+\.js$/);
  await page.goto('/');
  await entryRan;
  await page.waitForTimeout(500);
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  arrive();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toBeHidden();
});

test('the chat screen asks for its crisis reading as it loads, not once it knows who she is', async ({
  page,
}) => {
  await signUpViaApi(page);
  // Who she is is slow to be answered (a phone's first round trips).
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/user', async (route) => {
    await answered;
    await route.continue();
  });
  const reading = page.waitForRequest(/\/assets\/crisisReading-[\w-]+\.js$/, { timeout: 15_000 });
  await page.goto('/chat');
  // Asked for while /api/user is still unanswered: it comes alongside, not a round trip after.
  await reading;
  answer();
  await expect(page.getByRole('textbox', { name: 'Message your bestie' })).toBeVisible();
});

test('a screen that cannot be fetched says so, keeps help in reach, and loads on "Try again"', async ({
  page,
}) => {
  await openWithoutTheLandingChunk(page);
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
  await expect(page.getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
  await expect(page.getByRole('link', { name: 'text 988' })).toHaveAttribute('href', 'sms:988');

  await page.unroute('**/assets/Landing-*.js');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ask your AI bestie anything');
});

test('a screen that could not be fetched loads by itself once the connection is back', async ({
  page,
  context,
}) => {
  await openWithoutTheLandingChunk(page);
  await context.setOffline(true);
  await page.unroute('**/assets/Landing-*.js');
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ask your AI bestie anything');
});

/**
 * Opens the landing page offline in the first seconds of a first visit: its chunk does not
 * come, and the error screen shows.
 */
async function openWithoutTheLandingChunk(page: Page) {
  await page.route('**/assets/Landing-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: "This page didn't load" }),
  ).toBeVisible();
}
