import { mkdirSync } from 'node:fs';
import { test, expect, type Locator } from '@playwright/test';
import { chatWithMessage, signUpViaApi } from './helpers';

/* Under the newest reply: Copy, and Regenerate (a new reply in its place, a teaser for her plan). */

const SHOTS = 'test-results/screenshots';

test('she regenerates the newest reply and copies the new one', async ({
  page,
  context,
  hasTouch,
}) => {
  const press = (target: Locator) => (hasTouch ? target.tap() : target.click());
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpViaApi(page);
  const chatId = await chatWithMessage(page, 'my best friend stopped talking to me');
  await page.goto(`/chat/${chatId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  const reply = log.locator('.message-row--bestie').last();
  const first = (await reply.locator('.chat-bubble').innerText()).split('\n')[0]!;
  expect(first.length).toBeGreaterThan(0);

  await press(log.getByRole('button', { name: 'Regenerate' }));
  // A new reply in its place: one reply to her message, with new words, still her plan's teaser.
  await expect(log.getByText(first, { exact: true })).toHaveCount(0);
  const again = log.locator('.message-row--bestie').last();
  await expect(
    again.getByRole('button', { name: 'HEAR WHAT YOUR BESTIE HAS TO SAY...' }),
  ).toBeVisible();
  await expect(log.locator('.message-row--bestie')).toHaveCount(1);
  const second = (await again.locator('.chat-bubble p').first().innerText()).trim();
  expect(second).not.toBe(first);

  await press(log.getByRole('button', { name: 'Copy' }));
  await expect(page.getByText('Copied', { exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(second);

  // The new reply is the server's: it is there after a reload too.
  await page.reload();
  await expect(log.getByText(second)).toBeVisible();
});

test('she edits her last message and sends it again: her new words, and a new reply', async ({
  page,
  hasTouch,
}) => {
  const press = (target: Locator) => (hasTouch ? target.tap() : target.click());
  await signUpViaApi(page);
  const chatId = await chatWithMessage(page, 'my sister took my jacket');
  await page.goto(`/chat/${chatId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  const first = (
    await log.locator('.message-row--bestie .chat-bubble p').first().innerText()
  ).trim();

  await press(log.getByRole('button', { name: 'Edit' }));
  const box = log.getByRole('textbox', { name: 'Edit your message' });
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('my sister took my jacket');
  await box.fill('my sister ruined my favourite jacket');
  await press(log.getByRole('button', { name: 'Send' }));

  await expect(log.getByText('my sister ruined my favourite jacket')).toBeVisible();
  await expect(log.getByText('my sister took my jacket')).toHaveCount(0);
  await expect(log.getByText(first, { exact: true })).toHaveCount(0);
  await expect(log.locator('.message-row--bestie')).toHaveCount(1);
  await expect(log.getByRole('button', { name: 'Regenerate' })).toBeVisible();

  await page.reload();
  await expect(log.getByText('my sister ruined my favourite jacket')).toBeVisible();
  await expect(log.getByText(first, { exact: true })).toHaveCount(0);
});

for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`the newest reply's actions in the ${theme} theme`, async ({ page }, testInfo) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await signUpViaApi(page);
    const chatId = await chatWithMessage(page, 'should I text him first');
    await page.goto(`/chat/${chatId}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const log = page.getByRole('log', { name: 'Messages' });
    const regenerate = log.getByRole('button', { name: 'Regenerate' });
    await expect(regenerate).toBeInViewport();
    await expect(log.getByRole('button', { name: 'Copy' })).toBeInViewport();
    // A thumb's target each.
    const box = await regenerate.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/reply-actions-${theme}-${testInfo.project.name}.png` });
    // Her last message, being edited: the box, its words and both buttons in view.
    await log.getByRole('button', { name: 'Edit' }).click();
    await expect(log.getByRole('textbox', { name: 'Edit your message' })).toBeFocused();
    await expect(log.getByRole('button', { name: 'Send' })).toBeInViewport();
    await expect(log.getByRole('button', { name: 'Cancel' })).toBeInViewport();
    await page.screenshot({ path: `${SHOTS}/edit-message-${theme}-${testInfo.project.name}.png` });
  });
}
