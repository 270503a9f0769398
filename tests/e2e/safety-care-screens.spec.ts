import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, TEASER_BUTTON } from './helpers';

/**
 * Screenshots of the help and care screens, in each theme, at the project's size: a
 * visitor's chat with 'Get help now', its dialog, a visitor's crisis with the sign-up modal,
 * a chat in care mode (help pinned, a teaser without its button) and an overdose's help.
 * SCREENS_DIR chooses where they go.
 */
const SHOTS = process.env.SCREENS_DIR ?? 'test-results/screenshots';

async function shoot(page: Page, name: string, theme: string, project: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${project}.png` });
}

async function send(page: Page, text: string) {
  const box = page.getByPlaceholder('Message your bestie...');
  await box.fill(text);
  await box.press('Enter');
}

for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`the care and help screens in the ${theme} theme`, async ({ page, context }, testInfo) => {
    const project = testInfo.project.name;
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);

    // A visitor: help one tap away, its dialog, then her crisis with the sign-up modal.
    await page.goto('/chat?bestie=cassie');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible();
    await shoot(page, 'visitor-chat', theme, project);
    await page.getByRole('button', { name: 'Get help now' }).click();
    await expect(page.getByRole('dialog', { name: 'Get help now' })).toBeVisible();
    await shoot(page, 'help-dialog', theme, project);
    await page.keyboard.press('Escape');
    await send(page, 'i cant do this anymore i just want to kill myself');
    const modal = page.getByRole('dialog', { name: 'Continue chatting with Cassie' });
    await expect(modal.getByRole('region', { name: 'Get help now' })).toBeVisible();
    await shoot(page, 'visitor-crisis-modal', theme, project);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await shoot(page, 'visitor-crisis-pinned', theme, project);

    // Signed in, free: care mode after a crisis, and an ordinary message's teaser.
    await context.clearCookies();
    await signUpViaApi(page);
    await page.goto(`/chat?bestie=cassie&new=${Date.now()}`);
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    const log = page.getByRole('log', { name: 'Messages' });
    await send(page, 'i took all my sleeping pills');
    // Help at once: the card under her message, or, on a busy machine, the crisis reply (with
    // the same resources) that takes its place when it comes first.
    const help = log.getByRole('region', { name: 'Get help now' });
    await expect(help.or(log.locator('.chat-bubble--crisis')).first()).toBeVisible();
    await shoot(page, 'overdose-help-card', theme, project);
    await expect(log.locator('.chat-bubble--crisis')).toBeVisible({ timeout: 15_000 });
    await send(page, 'my sister borrowed my car again without asking');
    await expect(
      log.locator('.message-row--bestie:not(.message-row--unsaved) .chat-bubble'),
    ).toHaveCount(2, { timeout: 15_000 });
    // The list follows the reply in: shot once it has settled.
    await page.waitForTimeout(600);
    await expect(page.getByRole('button', { name: TEASER_BUTTON })).toHaveCount(0);
    await shoot(page, 'care-mode-teaser', theme, project);
    await page.getByPlaceholder('Message your bestie...').focus();
    await shoot(page, 'care-mode-typing', theme, project);
  });
}
