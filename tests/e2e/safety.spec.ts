import { mkdirSync } from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { goOffline, goOnline, signUpViaApi } from './helpers';

const SHOTS = 'test-results/screenshots';

async function expectHelpLinks(help: Locator) {
  await expect(help.getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
  await expect(help.getByRole('link', { name: 'Text 988' })).toHaveAttribute('href', 'sms:988');
  await expect(help.getByRole('link', { name: 'Text HOME to 741741' })).toHaveAttribute(
    'href',
    'sms:741741?body=HOME',
  );
  await expect(help.getByRole('link', { name: 'In danger now? Call 911' })).toHaveAttribute(
    'href',
    'tel:911',
  );
  await expect(help.getByRole('link', { name: 'findahelpline.com' })).toBeVisible();
}

test('offline, a crisis message shows real help at once, queued, and help stays one tap away', async ({
  page,
  context,
}, testInfo) => {
  await signUpViaApi(page);
  await page.goto(`/chat?new=${Date.now()}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log).toBeVisible();

  await goOffline(context);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  const box = page.getByPlaceholder('Message your bestie...');
  await box.fill('i cant do this anymore i just want to kill myself');
  await box.press('Enter');

  const help = log.getByRole('region', { name: 'Get help now' });
  await expect(help).toBeVisible();
  await expect(help.getByText(/I'm an AI, not a person/)).toBeVisible();
  await expectHelpLinks(help);
  await expect(log.getByText('Queued')).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/chat-help-offline-${testInfo.project.name}.png` });

  // Scrolled away or not, the chat keeps help in its header.
  await page.getByRole('button', { name: 'Get help now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get help now' });
  await expectHelpLinks(dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Back online, the message is delivered and the crisis reply comes whole.
  await goOnline(context);
  await expect(log.getByText('Queued')).toHaveCount(0, { timeout: 15_000 });
  await expect(log.locator('.chat-bubble--crisis')).toBeVisible({ timeout: 15_000 });
  await expect(log.locator('.chat-bubble--crisis')).toContainText('741741');
  await expect(page.getByRole('button', { name: 'Get help now' })).toBeVisible();
});
