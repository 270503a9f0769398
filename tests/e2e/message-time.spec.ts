import { mkdirSync } from 'node:fs';
import { test, expect, type Locator } from '@playwright/test';
import { chatWithMessage, goOffline, serviceWorkerReady, signUpViaApi } from './helpers';

/** She taps a message to see when it was sent; another tap hides it. Offline too. */

const SHOTS = 'test-results/screenshots';

test('she taps a message to see its time, offline too, and taps again to hide it', async ({
  page,
  context,
  hasTouch,
}) => {
  // A tap on the phone, a click on the desktop.
  const press = (target: Locator) => (hasTouch ? target.tap() : target.click());
  await signUpViaApi(page);
  const chatId = await chatWithMessage(page, 'did I overreact last night');
  await page.goto(`/chat/${chatId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  const mine = log.getByText('did I overreact last night');
  await expect(mine).toBeVisible();
  await serviceWorkerReady(page);
  await goOffline(context);

  const row = log.locator('.message-row--user', { hasText: 'did I overreact last night' });
  await expect(row.locator('time')).toHaveCount(0);
  await press(mine);
  const time = row.locator('time');
  await expect(time).toBeVisible();
  await expect(time).toHaveText(/^Today, \d{1,2}:\d{2}/);
  // The time of the message she tapped, as the server placed it.
  const sent = await time.getAttribute('datetime');
  expect(Math.abs(Date.now() - Date.parse(sent!))).toBeLessThan(10 * 60_000);
  await press(mine);
  await expect(time).toHaveCount(0);

  // The bestie's reply has its own.
  const reply = log.locator('.message-row--bestie').last();
  await press(reply.locator('.chat-bubble p').first());
  await expect(reply.locator('time')).toHaveText(/^Today, /);
});

for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`a message's time in the ${theme} theme`, async ({ page }, testInfo) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await signUpViaApi(page);
    const chatId = await chatWithMessage(page, 'should I text him first');
    await page.goto(`/chat/${chatId}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText('should I text him first').click();
    await expect(log.locator('time')).toBeVisible();
    await log.locator('.message-row--bestie .chat-bubble p').last().click();
    await expect(log.locator('time')).toHaveCount(2);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/message-time-${theme}-${testInfo.project.name}.png` });
  });
}
