import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { Memory } from '../../shared/memory';
import {
  chatWithMessage,
  goOffline,
  openChatHistory,
  serviceWorkerReady,
  signUpViaApi,
} from './helpers';

/**
 * She searches what her besties remember from the chat's search field, on her phone, offline:
 * a memory is found as she types the start of what it is about, shows as a memory, and opens
 * in Settings at its row, where she can edit or forget it.
 */

const SHOTS = 'test-results/screenshots';
const FIELD = { name: 'Search your chats and memories' };

// Signing up, a chat, installing the app and a pull, on a busy machine.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

type MemoryFields = Pick<Memory, 'kind' | 'subject' | 'detail' | 'date' | 'personaId'>;

/** Memories she wrote herself, kept by the server (the device pulls them); their ids. */
async function remember(page: Page, ...memories: MemoryFields[]): Promise<string[]> {
  const ids = memories.map(() => randomUUID());
  const answer = await page.request.post('/api/sync/push', {
    data: {
      mutations: memories.map((fields, n) => ({
        id: randomUUID(),
        type: 'saveMemory',
        memory: { id: ids[n], ...fields },
      })),
    },
  });
  expect(answer.status()).toBe(200);
  return ids;
}

/** Whether the device holds the memory (IndexedDB, as the app keeps it). */
function onDevice(page: Page, memoryId: string): Promise<boolean> {
  return page.evaluate(
    (id) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('besties');
        open.onsuccess = () => {
          const request = open.result.transaction('memories').objectStore('memories').get(id);
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result !== undefined);
          };
        };
      }),
    memoryId,
  );
}

const PEOPLE: MemoryFields[] = [
  { kind: 'person', subject: 'Emma', detail: 'your best friend', date: null, personaId: null },
  { kind: 'person', subject: 'Maya', detail: 'your sister', date: null, personaId: null },
  {
    kind: 'person',
    subject: 'Priyanka',
    detail: 'your lab partner, always late',
    date: null,
    personaId: 2,
  },
];

test('offline, she finds a memory as she types and lands on it in Settings', async ({
  page,
  context,
}) => {
  await signUpViaApi(page);
  const chatId = await chatWithMessage(page, 'long day, I just need to vent a little');
  const [, , priyanka] = await remember(page, ...PEOPLE);
  await page.goto(`/chat/${chatId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('long day, I just need to vent a little')).toBeVisible();
  await expect.poll(() => onDevice(page, priyanka!)).toBe(true);
  // Installed: search, its index and Settings are among the app's files on her phone.
  await serviceWorkerReady(page);
  await goOffline(context);

  const history = await openChatHistory(page);
  await history.getByRole('searchbox', FIELD).fill('Priy');
  const results = history.getByRole('region', { name: 'Search results' });
  const memories = results.getByRole('list', { name: 'Memories' });
  const memory = memories.getByRole('link', {
    name: 'Memory of Priyanka: your lab partner, always late. Only Brooke remembers it.',
  });
  await expect(memory.locator('mark')).toHaveText(['Priyanka']);
  await expect(results.getByRole('link')).toHaveCount(1);
  await memory.click();

  await expect(page).toHaveURL(new RegExp(`/settings#memory-${priyanka}$`));
  const row = page.locator(`#memory-${priyanka}`);
  await expect(row).toContainText('your lab partner, always late');
  await expect(row).toBeFocused();
  await expect(row).toBeInViewport();
  // Still there once the sections above it have finished loading.
  await page.waitForTimeout(1_000);
  await expect(row).toBeInViewport({ ratio: 1 });
  await expect(row).toBeFocused();
});

for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`a memory among search results, and where it opens, in the ${theme} theme`, async ({
    page,
  }, testInfo) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await signUpViaApi(page);
    const chatId = await chatWithMessage(page, 'Priyanka never shows up to our lab on time');
    const [, , priyanka] = await remember(page, ...PEOPLE);
    await page.goto(`/chat/${chatId}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect.poll(() => onDevice(page, priyanka!)).toBe(true);

    const history = await openChatHistory(page);
    await history.getByRole('searchbox', FIELD).fill('priyank');
    const results = history.getByRole('region', { name: 'Search results' });
    // Her chat, named after her first message, by its name and by that message; the memory.
    await expect(results.getByRole('list', { name: 'Chats' }).getByRole('link')).toHaveCount(1);
    await expect(results.getByRole('list', { name: 'Messages' }).getByRole('link')).toHaveCount(1);
    const memory = results
      .getByRole('list', { name: 'Memories' })
      .getByRole('link', { name: /^Memory of Priyanka: / });
    await expect(memory).toContainText('Only Brooke');
    const { violations } = await new AxeBuilder({ page }).include('.sidebar').analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    const shot = (name: string) =>
      page.screenshot({
        path: `${SHOTS}/memory-search-${name}-${theme}-${testInfo.project.name}.png`,
      });
    await shot('results');

    await memory.click();
    const row = page.locator(`#memory-${priyanka}`);
    await expect(row).toBeFocused();
    await expect(row).toBeInViewport();
    // While it glows.
    await page.waitForTimeout(300);
    await shot('opened');
  });
}
