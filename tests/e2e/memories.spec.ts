import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { test, expect, type Page } from '@playwright/test';
import type { Memory } from '../../shared/memory';
import type { PullAnswer } from '../../shared/sync';
import {
  chatWithMessage,
  goOffline,
  goOnline,
  grantPremium,
  serviceWorkerReady,
  signUpViaApi,
  toasts,
  uniqueEmail,
} from './helpers';

/**
 * What her besties remember (the glass box): the server keeps what she tells them after each
 * reply; she reads, edits and forgets it in Settings, offline too, and gets there from a chat.
 */

const SHOTS = 'test-results/screenshots';
const EMMA_AND_LISBON = 'My best friend Emma is moving to Lisbon next month';

const memoriesSection = (page: Page) =>
  page.getByRole('region', { name: 'What your besties remember' });

/** Her memories as the server keeps them now (every pull page from the start). */
async function memoriesOnServer(page: Page): Promise<Memory[]> {
  const kept = new Map<string, Memory>();
  let cursor = 0;
  for (;;) {
    const answer = await page.request.get(`/api/sync/pull?cursor=${cursor}`);
    expect(answer.status()).toBe(200);
    const pulled = (await answer.json()) as PullAnswer;
    for (const memory of pulled.memories ?? []) kept.set(memory.id, memory);
    for (const tombstone of pulled.tombstones) {
      if (tombstone.type === 'memory') kept.delete(tombstone.id);
    }
    cursor = pulled.cursor;
    if (!pulled.hasMore) return [...kept.values()];
  }
}

/**
 * Settings, once her besties have kept what her chat told them: the server keeps it after
 * the reply, and the device pulls it (at start, on the live channel, every 30 s).
 */
async function settingsOnceRemembered(page: Page, subject: string) {
  const section = memoriesSection(page);
  await expect(async () => {
    await page.goto('/settings#memories');
    await expect(section.getByText(subject, { exact: true })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 40_000 });
  return section;
}

test('she reads, edits and forgets what her besties remember, offline too', async ({
  page,
  context,
}) => {
  // A free account: her memories are kept too.
  await signUpViaApi(page);
  const chatId = await chatWithMessage(page, EMMA_AND_LISBON);
  const section = await settingsOnceRemembered(page, 'Lisbon');

  const people = section.getByRole('list', { name: 'People' });
  const places = section.getByRole('list', { name: 'Places' });
  const emma = people.getByRole('listitem').filter({ hasText: 'Emma' });
  await expect(emma).toContainText('your best friend');
  const lisbon = places.getByRole('listitem').filter({ hasText: 'Lisbon' });
  await expect(lisbon).toContainText('Emma is moving there');
  await expect(lisbon.getByRole('link', { name: 'From your chat' })).toHaveAttribute(
    'href',
    new RegExp(`^/chat/${chatId}#m-[0-9a-f-]{36}$`),
  );

  // Edit: her words, kept to one bestie; the schema's message first.
  await section.getByRole('button', { name: 'Edit Lisbon' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit memory' });
  const detail = dialog.getByLabel('What to remember');
  await expect(detail).toHaveValue('Emma is moving there');
  await detail.fill('  ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Say what your besties should remember')).toBeVisible();
  await expect(detail).toBeFocused();
  await detail.fill('where Emma is moving, next month');
  await dialog.getByLabel('Who remembers it').selectOption({ label: 'Brooke' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(lisbon).toContainText('where Emma is moving, next month');
  await expect(lisbon.getByText('Only Brooke')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Edit Lisbon' })).toBeFocused();
  await expect
    .poll(async () =>
      (await memoriesOnServer(page)).map(({ subject, detail, personaId }) => [
        subject,
        detail,
        personaId,
      ]),
    )
    .toEqual(
      expect.arrayContaining([
        ['Emma', 'your best friend', null],
        ['Lisbon', 'where Emma is moving, next month', 2],
      ]),
    );

  // Offline, after a reload: read from her device; a forget waits for the network.
  await serviceWorkerReady(page);
  await goOffline(context);
  await page.reload();
  await expect(people.getByText('Emma', { exact: true })).toBeVisible();
  await expect(places.getByText('Lisbon', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Forget Emma' }).click();
  await expect(toasts(page).getByText('Forgotten', { exact: true })).toBeVisible();
  await expect(section.getByText('Emma', { exact: true })).toBeHidden();
  await expect(section.getByRole('button', { name: 'Forget Lisbon' })).toBeFocused();

  await goOnline(context);
  await expect
    .poll(async () => (await memoriesOnServer(page)).map((memory) => memory.subject))
    .toEqual(['Lisbon']);
  await page.reload();
  await expect(places.getByText('Lisbon', { exact: true })).toBeVisible();
  await expect(section.getByText('Emma', { exact: true })).toBeHidden();

  // Forget everything, once she confirms.
  await section.getByRole('button', { name: 'Forget everything' }).click();
  const confirm = page.getByRole('dialog', { name: 'Forget everything?' });
  await expect(confirm).toContainText('Your besties will forget the 1 memory listed here.');
  await expect(confirm).toContainText("This can't be undone.");
  await confirm.getByRole('button', { name: 'Forget everything' }).click();
  await expect(section.getByText(/As you chat, your besties remember/)).toBeVisible();
  await expect(section.getByRole('heading', { name: 'What your besties remember' })).toBeFocused();
  await expect.poll(async () => (await memoriesOnServer(page)).length).toBe(0);
});

test("she opens what her besties remember from a chat's menu", async ({ page }) => {
  await signUpViaApi(page);
  const chatId = await chatWithMessage(page, EMMA_AND_LISBON);
  await settingsOnceRemembered(page, 'Emma');
  await page.goto(`/chat/${chatId}`);
  await expect(
    page.getByRole('log', { name: 'Messages' }).getByText(EMMA_AND_LISBON),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Chat options' }).click();
  await page.getByRole('menuitem', { name: 'What your besties remember' }).click();
  await expect(page).toHaveURL(/\/settings#memories$/);
  const heading = memoriesSection(page).getByRole('heading', {
    name: 'What your besties remember',
  });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  // At the top of the screen, and kept there as the sections above it finish loading.
  await page.waitForTimeout(1_000);
  const top = (await heading.boundingBox())?.y ?? -1;
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top).toBeLessThan(100);
  await expect(memoriesSection(page).getByText('Emma', { exact: true })).toBeVisible();
});

/** Memories she wrote herself, beside the server's: every group, a date, one kept to Brooke. */
async function moreMemories(page: Page) {
  const memory = (
    fields: Omit<Memory, 'id' | 'sourceMessageId' | 'sourceChatId' | 'createdAt' | 'updatedAt'>,
  ) => ({
    id: randomUUID(),
    type: 'saveMemory',
    memory: { id: randomUUID(), ...fields },
  });
  const answer = await page.request.post('/api/sync/push', {
    data: {
      mutations: [
        memory({
          kind: 'event',
          subject: 'your job interview',
          detail: 'at the design studio',
          date: '2027-03-12',
          personaId: null,
        }),
        memory({
          kind: 'like',
          subject: 'matcha lattes',
          detail: 'you love them, oat milk',
          date: null,
          personaId: null,
        }),
        memory({
          kind: 'situation',
          subject: 'exam stress',
          detail: 'finals are getting to you',
          date: null,
          personaId: 2,
        }),
      ],
    },
  });
  expect(answer.status()).toBe(200);
}

for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`what her besties remember, and its edit dialog, in the ${theme} theme`, async ({
    page,
  }, testInfo) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await signUpViaApi(page);
    await chatWithMessage(page, EMMA_AND_LISBON);
    await moreMemories(page);
    const section = await settingsOnceRemembered(page, 'Lisbon');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(section.getByText('matcha lattes', { exact: true })).toBeVisible();
    await expect(
      section.getByRole('heading', { name: 'What your besties remember' }),
    ).toBeFocused();
    mkdirSync(SHOTS, { recursive: true });
    await page.waitForTimeout(300);
    const path = `${SHOTS}/memories-${theme}-${testInfo.project.name}.png`;
    await page.screenshot({ path });
    await testInfo.attach(`memories-${theme}`, { path, contentType: 'image/png' });
    // The whole section, down to 'Forget everything'.
    const sectionPath = `${SHOTS}/memories-section-${theme}-${testInfo.project.name}.png`;
    await section.screenshot({ path: sectionPath });
    await testInfo.attach(`memories-section-${theme}`, {
      path: sectionPath,
      contentType: 'image/png',
    });

    await section.getByRole('button', { name: 'Edit Emma' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit memory' });
    await dialog.getByLabel("What it's about").fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Say what this memory is about')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport();
    await page.waitForTimeout(300);
    const dialogPath = `${SHOTS}/memories-edit-${theme}-${testInfo.project.name}.png`;
    await page.screenshot({ path: dialogPath });
    await testInfo.attach(`memories-edit-${theme}`, { path: dialogPath, contentType: 'image/png' });
  });
}

/**
 * A paid account's chat where her bestie answers from what she told: the reply that drew on her
 * memories. Answers the chat's id.
 */
async function replyThatRemembered(page: Page) {
  const email = uniqueEmail();
  await signUpViaApi(page, email);
  grantPremium(email);
  const chatId = await chatWithMessage(page, EMMA_AND_LISBON);
  await expect.poll(async () => (await memoriesOnServer(page)).length, { timeout: 20_000 }).toBe(2);
  const asked = await page.request.post(`/api/chats/${chatId}/messages`, {
    data: { id: randomUUID(), message: 'where is my best friend moving again?' },
  });
  expect(asked.ok()).toBe(true);
  return chatId;
}

test('a reply shows which memories it drew on, and each opens where she can change it', async ({
  page,
}) => {
  const chatId = await replyThatRemembered(page);
  await page.goto(`/chat/${chatId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  const reply = log
    .locator('.message-list__row')
    .filter({ hasText: 'Lisbon! Emma is moving there' });
  await expect(reply.getByText('Remembered:')).toBeVisible({ timeout: 20_000 });
  const emma = reply.getByRole('link', { name: 'Remembered: Emma, your best friend' });
  await expect(emma).toBeVisible();
  await expect(
    reply.getByRole('link', { name: 'Remembered: Lisbon, Emma is moving there' }),
  ).toBeVisible();
  // Her first message's reply drew on nothing she had told before.
  await expect(log.getByText('Remembered:')).toHaveCount(1);

  const memoryId = (await emma.getAttribute('href'))?.replace('/settings#memory-', '') ?? '';
  await emma.click();
  await expect(page).toHaveURL(new RegExp(`/settings#memory-${memoryId}$`));
  const row = page.locator(`#memory-${memoryId}`);
  await expect(row).toBeInViewport();
  await expect(row).toContainText('your best friend');

  // Forgotten, the reply no longer points at it.
  await row.getByRole('button', { name: 'Forget Emma' }).click();
  await page.goto(`/chat/${chatId}`);
  await expect(reply.getByRole('link', { name: /^Remembered: Lisbon/ })).toBeVisible();
  await expect(reply.getByRole('link', { name: /^Remembered: Emma/ })).toHaveCount(0);
});

for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`the memories a reply drew on, in the ${theme} theme`, async ({ page }, testInfo) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const chatId = await replyThatRemembered(page);
    await page.goto(`/chat/${chatId}`);
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByText('Remembered:')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    mkdirSync(SHOTS, { recursive: true });
    await page.waitForTimeout(300);
    const path = `${SHOTS}/reply-memories-${theme}-${testInfo.project.name}.png`;
    await page.screenshot({ path });
    await testInfo.attach(`reply-memories-${theme}`, { path, contentType: 'image/png' });
  });
}
