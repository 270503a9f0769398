import { mkdirSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import {
  chatWithMessage,
  goOffline,
  goOnline,
  openChatHistory,
  serviceWorkerReady,
  signUpViaApi,
} from './helpers';

/** She names a chat from its '⋯' menu: at once on her device, offline too, and on the server. */

const SHOTS = 'test-results/screenshots';

test('she renames a chat offline, and the name reaches the server when she is back', async ({
  page,
  context,
}) => {
  await signUpViaApi(page);
  const chatId = await chatWithMessage(page, 'my boyfriend forgot our anniversary');
  await page.goto(`/chat/${chatId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('my boyfriend forgot our anniversary')).toBeVisible();
  // Installed: the app's files are on her phone, the rename dialog's among them.
  await serviceWorkerReady(page);

  await goOffline(context);
  await page.getByRole('button', { name: 'Chat options' }).click();
  await page.getByRole('menuitem', { name: 'Rename chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename chat' });
  const field = dialog.getByLabel('Chat name');
  await expect(field).toHaveValue('my boyfriend forgot our anniversary');
  await expect(field).toBeFocused();

  await field.fill('   ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Give the chat a name')).toBeVisible();
  await expect(field).toBeFocused();

  await field.fill('The anniversary');
  await field.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Chat options' })).toBeFocused();
  const history = await openChatHistory(page);
  await expect(history.getByText('The anniversary')).toBeVisible();

  await goOnline(context);
  await expect
    .poll(async () => {
      const list = (await (await page.request.get('/api/chats')).json()) as { title: string }[];
      return list.map((chat) => chat.title);
    })
    .toEqual(['The anniversary']);
  await page.reload();
  await expect((await openChatHistory(page)).getByText('The anniversary')).toBeVisible();
});

for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`the rename dialog in the ${theme} theme`, async ({ page }, testInfo) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await signUpViaApi(page);
    const chatId = await chatWithMessage(page, 'should I text him first');
    await page.goto(`/chat/${chatId}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Rename chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename chat' });
    await expect(dialog.getByLabel('Chat name')).toBeFocused();
    // Above the keyboard's half of a phone: the field and both buttons in view.
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport();
    mkdirSync(SHOTS, { recursive: true });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/rename-${theme}-${testInfo.project.name}.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // Cancel keeps the name the chat had.
    await expect((await openChatHistory(page)).getByText('should I text him first')).toBeVisible();
  });
}
