import { expect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD, signUpViaApi, TEASER_BUTTON, uniqueEmail } from './helpers';

/**
 * Help and care on the device: help before any wall, the right help first, and care mode (help
 * pinned, nothing that asks her to pay) whatever the server says of it.
 */

const CRISIS = 'i cant do this anymore i just want to kill myself';
const OVERDOSE = 'i took all my sleeping pills';

async function linkNames(list: Locator): Promise<string[]> {
  return (await list.getByRole('link').allTextContents()).map((name) => name.trim());
}

/** A signed-in free user in a fresh Cassie chat (where teasers come). */
async function freeCassieChat(page: Page) {
  await signUpViaApi(page);
  await page.goto('/chat?bestie=cassie');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log).toBeVisible();
  return log;
}

async function send(page: Page, text: string) {
  const box = page.getByPlaceholder('Message your bestie...');
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

/** The bestie's saved replies (not the typing dots, nor a reply still streaming in). */
const savedReplies = (log: Locator) =>
  log.locator('.message-row--bestie:not(.message-row--unsaved) .chat-bubble');

test("a visitor's crisis message shows help at once with the sign-up modal, and is sent after she signs up", async ({
  page,
}) => {
  await page.goto('/chat?bestie=cassie');
  const box = page.getByPlaceholder('Message your bestie...');
  await expect(box).toBeFocused();
  await box.fill(CRISIS);
  await page.getByRole('button', { name: 'Spill' }).click();

  const modal = page.getByRole('dialog', { name: 'Continue chatting with Cassie' });
  await expect(modal).toBeVisible();
  const help = modal.getByRole('region', { name: 'Get help now' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
  await expect(help.getByRole('link', { name: 'Text 988' })).toHaveAttribute('href', 'sms:988');
  // Help comes before the forms, in the modal's own order.
  const helpBox = (await help.boundingBox())!;
  const tabsBox = (await modal.getByRole('tablist').boundingBox())!;
  expect(helpBox.y).toBeLessThan(tabsBox.y);
  await expect(box).toHaveValue(CRISIS);

  await modal.getByRole('tab', { name: 'Sign Up Free' }).click();
  const form = modal.getByRole('tabpanel', { name: 'Sign Up Free' });
  await form.getByLabel('Email').fill(uniqueEmail('visitor-crisis'));
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign Up' }).click();

  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(CRISIS)).toBeVisible();
  await expect(log.locator('.chat-bubble--crisis')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: /Real people can help/ })).toBeVisible();
});

test("'Get help now' is one tap away in a visitor's chat with no crisis", async ({ page }) => {
  await page.goto('/chat?bestie=cassie');
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible();
  const button = page.getByRole('button', { name: 'Get help now' });
  await expect(button).toBeVisible();
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Get help now' });
  expect(await linkNames(dialog.getByRole('list', { name: 'Crisis resources' }))).toEqual([
    'Call 988',
    'Text 988',
    'Text HOME to 741741',
    'findahelpline.com',
    'In danger now? Call 911',
  ]);
});

test('care mode: after her crisis message help stays pinned, and a teaser shows no subscribe button and no upgrade dialog', async ({
  page,
}) => {
  const log = await freeCassieChat(page);
  await send(page, CRISIS);
  const pinned = page.getByRole('region', { name: /Real people can help/ });
  await expect(pinned).toBeVisible();
  await expect(pinned.getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
  await expect(pinned.getByRole('link', { name: 'Text 988' })).toHaveAttribute('href', 'sms:988');
  await expect(log.locator('.chat-bubble--crisis')).toBeVisible({ timeout: 15_000 });

  await send(page, 'my sister borrowed my car again without asking');
  await expect(savedReplies(log)).toHaveCount(2, { timeout: 15_000 });
  await expect(log.getByText('my sister borrowed my car again')).toBeVisible();
  // An ordinary reply to a free user in a Cassie chat: a teaser, as the server sends it.
  await expect(log.locator('.chat-bubble--crisis')).toHaveCount(1);
  await expect(log.locator('.chat-bubble--bestie')).toHaveCount(1);
  await expect(page.getByRole('button', { name: TEASER_BUTTON })).toHaveCount(0);
  // The list follows the reply in, whole, under the pinned help.
  await expect(savedReplies(log).last()).toBeInViewport({ ratio: 1 });
  await page.waitForTimeout(3000);
  await expect(page.getByRole('dialog', { name: 'Upgrade Your Bestie' })).toHaveCount(0);

  // Pinned above the list, never over her message box.
  await expect(pinned).toBeVisible();
  const pinnedBox = (await pinned.boundingBox())!;
  const logBox = (await log.boundingBox())!;
  const inputBox = (await page.getByPlaceholder('Message your bestie...').boundingBox())!;
  expect(pinnedBox.y + pinnedBox.height).toBeLessThanOrEqual(logBox.y + 1);
  expect(pinnedBox.y + pinnedBox.height).toBeLessThanOrEqual(inputBox.y);
});

test("an overdose: 'Call 911 now' first and Poison Control second, on her card, the reply and 'Get help now'", async ({
  page,
}) => {
  const log = await freeCassieChat(page);
  await send(page, OVERDOSE);
  const expected = ['Call 911 now', 'Call Poison Control: 1-800-222-1222'];

  const card = log.getByRole('region', { name: 'Get help now' });
  const reply = log.locator('.chat-bubble--crisis');
  // The card shows at once; the crisis reply that answers her takes its place.
  await expect(card.or(reply).first()).toBeVisible();
  const first = card.or(reply).first();
  expect((await linkNames(first.getByRole('list'))).slice(0, 2)).toEqual(expected);
  await expect(first.getByRole('link', { name: 'Call 911 now' })).toHaveAttribute(
    'href',
    'tel:911',
  );
  await expect(
    first.getByRole('link', { name: 'Call Poison Control: 1-800-222-1222' }),
  ).toHaveAttribute('href', 'tel:18002221222');

  await expect(reply).toBeVisible({ timeout: 15_000 });
  expect((await linkNames(reply.getByRole('list'))).slice(0, 2)).toEqual(expected);

  const pinned = page.getByRole('region', { name: /Real people can help/ });
  expect((await linkNames(pinned.getByRole('list'))).slice(0, 2)).toEqual(expected);

  await page.getByRole('button', { name: 'Get help now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get help now' });
  expect((await linkNames(dialog.getByRole('list'))).slice(0, 2)).toEqual(expected);
});
