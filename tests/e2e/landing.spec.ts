import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { TEASERS } from '../../app/routes/Landing/teasers';
import { signUpViaApi, toasts } from './helpers';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

/** The page's timers run only when the test moves the clock. */
async function pausedClock(page: Page) {
  const start = new Date('2026-06-01T12:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

test.describe('the landing page', () => {
  test('hero modal: Chat with Cassie Now goes to /chat?bestie=cassie', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ask your AI bestie anything' }),
    ).toBeVisible();
    await page.getByRole('button', { name: "You won't believe what happened…" }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Chat with Cassie Now' }).click();
    await expect(page).toHaveURL(/\/chat\?bestie=cassie$/);
  });

  test('hero modal: Meet the Besties scrolls to the personas; Girl Bye closes', async ({
    page,
  }) => {
    await page.goto('/');
    const hero = page.getByRole('button', { name: "You won't believe what happened…" });
    await hero.click();
    await page.getByRole('button', { name: 'Girl Bye' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);

    await hero.click();
    await page.getByRole('button', { name: 'Meet the Besties' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Meet your besties' })).toBeInViewport();
    for (const name of ['Cassie', 'Brooke', 'Elena', 'NeNe', 'Summer']) {
      await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
    }
  });

  test('the Login link goes to /auth?ref=login', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/auth\?ref=login$/);
  });

  test("a visitor's plan button: the three buttons of 'Ready to meet your bestie?'", async ({
    page,
  }) => {
    await page.goto('/');
    const month = page.getByRole('button', { name: /Bestie for the Month/ });
    await expect(month).toContainText('$14.99');
    await expect(month).toContainText('50 cents per day');
    await expect(page.getByRole('button', { name: /Bestie for the Year/ })).toContainText(
      'Save 44% vs monthly',
    );
    const life = page.getByRole('button', { name: /Bestie for Life/ });
    for (const note of ['Best value!', 'Limited time only!', 'Most girls pick this one']) {
      await expect(life).toContainText(note);
    }

    await life.click();
    await page.getByRole('button', { name: 'Girl Bye' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page
      .getByRole('heading', { name: 'Ask your AI bestie anything' })
      .scrollIntoViewIfNeeded();
    await month.click();
    await expect(page.getByRole('dialog', { name: 'Ready to meet your bestie?' })).toBeVisible();
    await page.getByRole('button', { name: 'Upgrade Your Bestie' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Pick your bestie plan' })).toBeInViewport();

    await month.click();
    await page.getByRole('button', { name: 'Sis, I need you to come through!' }).click();
    await expect(page).toHaveURL(/\/checkout\?plan=bestie-month$/);
  });

  test('the footer has the Privacy Policy in a new tab and the copyright line', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByText(`© ${new Date().getFullYear()} Besties`)).toBeVisible();
    const privacy = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' });
    await expect(privacy).toHaveAttribute('target', '_blank');
    const [popup] = await Promise.all([page.waitForEvent('popup'), privacy.click()]);
    await expect(popup).toHaveURL(/\/privacy$/);
    await expect(popup.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(popup.getByText('text HOME to 741741')).toBeVisible();
  });

  test('portraits fall back to a pink circle with the initial', async ({ page }) => {
    await page.route('**/personas/*.svg', (route) => route.abort());
    await page.goto('/');
    const card = page.locator('.persona-card').filter({ hasText: 'Brooke' });
    await expect(card.locator('.avatar--fallback')).toHaveText('B');
  });

  test('mobile: a floating Start Chatting; desktop: the teaser bar', async ({ page }) => {
    await page.goto('/');
    const floating = page.getByRole('link', { name: 'Start Chatting', exact: true });
    const free = page.getByRole('link', { name: 'Start chatting free' });
    if (isPhone(page)) {
      await expect(free).toBeHidden();
      await floating.click();
      await expect(page).toHaveURL(/\/chat\?bestie=cassie$/);
    } else {
      await expect(floating).toBeHidden();
      await free.click();
      await expect(page).toHaveURL(/\/auth\?trial=true$/);
    }
  });

  test('the teaser line changes every 5 seconds', async ({ page }) => {
    test.skip(isPhone(page), 'the teaser bar is desktop-only');
    await pausedClock(page);
    await page.goto('/');
    const line = page.getByTestId('teaser-line');
    await expect(line).toHaveText(TEASERS[0]);
    await page.clock.runFor(4_900);
    await expect(line).toHaveText(TEASERS[0]);
    await page.clock.runFor(100);
    await expect(line).toHaveText(TEASERS[1]);
    await page.clock.runFor(5_000);
    await expect(line).toHaveText(TEASERS[2]);
  });

  test('the text still changes with reduced motion', async ({ page }) => {
    test.skip(isPhone(page), 'the teaser bar is desktop-only');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await pausedClock(page);
    await page.goto('/');
    const line = page.getByTestId('teaser-line');
    await expect(line).toHaveText(TEASERS[0]);
    await page.clock.runFor(5_000);
    await expect(line).toHaveText(TEASERS[1]);
  });

  test("a signed-in visitor is sent to /chat with 'Welcome! Let's start chatting with your bestie'", async ({
    page,
  }) => {
    await signUpViaApi(page);
    // The toast lasts 3 s from the redirect: watch for it from the start, so a slow first load
    // of the chat screen cannot use up its time before the check begins.
    const welcomed = expect(
      toasts(page).getByText(
        /Welcome! Let's start chatting with your bestie|Welcome back! We've restored your last conversation/,
      ),
    ).toBeVisible({ timeout: 15_000 });
    await page.goto('/');
    await welcomed;
    await expect(page).toHaveURL(/\/chat/);
  });
});

const SHOTS = 'test-results/screenshots';
for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`landing screenshot in the ${theme} theme`, async ({ page }, testInfo) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('heading', { name: 'Pick your bestie plan' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    // Every portrait loaded (lazy or not) before the picture is taken.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.images].every((image) => image.complete && image.naturalWidth > 0),
        ),
      )
      .toBe(true);
    mkdirSync(SHOTS, { recursive: true });
    const path = `${SHOTS}/landing-${theme}-${testInfo.project.name}.png`;
    await page.screenshot({ path, fullPage: true });
    await page.screenshot({ path: `${SHOTS}/landing-${theme}-${testInfo.project.name}-top.png` });
    await testInfo.attach(`landing-${theme}`, { path, contentType: 'image/png' });
  });
}
