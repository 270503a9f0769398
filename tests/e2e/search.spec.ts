import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { appendMessage, newMessage } from '../../sync-server/src/chats/repo';
import { inTransaction, sqliteDb } from '../../sync-server/src/db/database';
import { DB_FILE_NAME } from '../../sync-server/src/db/open';
import {
  chatWithMessage,
  goOffline,
  openChatHistory,
  serviceWorkerReady,
  signUpViaApi,
} from './helpers';

/**
 * She searches her chats on her phone, offline: the words she typed are marked in each
 * result, and a result opens its chat at the message, however far back it is.
 */

const SHOTS = 'test-results/screenshots';
const FIELD = { name: 'Search your chats and memories' };
/** Three pages of the open chat (50 each): the message she looks for is on the oldest. */
const COUNT = 120;
const DRESS = 'I found the perfect prom dress, it is lilac with tiny sparkles';

// Signing up, seeding and pulling 120 messages, then installing the app, on a busy machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * A chat of COUNT messages titled 'Prom planning', hers and her bestie's in turn, with DRESS
 * as message 5: written straight into the e2e server's database as the server stores them
 * (its own appendMessage gives each its place), as chat-paging.spec.ts does.
 */
async function longChat(page: Page, email: string): Promise<{ chatId: string; dressId: string }> {
  const chatId = randomUUID();
  const pushed = await page.request.post('/api/sync/push', {
    data: {
      mutations: [
        {
          id: randomUUID(),
          type: 'createChat',
          chat: { id: chatId, personaId: 1, isEmptyChatCreation: true },
        },
        { id: randomUUID(), type: 'renameChat', chatId, title: 'Prom planning' },
      ],
    },
  });
  expect(pushed.status()).toBe(200);
  const dressId = randomUUID();
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', DB_FILE_NAME));
  try {
    db.pragma('busy_timeout = 5000');
    const { id: userId } = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as {
      id: string;
    };
    const start = Date.now() - COUNT * 60_000;
    await inTransaction(sqliteDb(db), async (trx) => {
      for (let n = 1; n <= COUNT; n += 1) {
        const fromHer = n % 2 === 1;
        await appendMessage(trx, {
          message: newMessage({
            id: n === 5 ? dressId : randomUUID(),
            chatId,
            userId,
            role: fromHer ? 'user' : 'assistant',
            content:
              n === 5 ? DRESS : fromHer ? `ok but listen (${n})` : `Tell me everything (${n})`,
            createdAt: start + n * 60_000,
          }),
        });
      }
    });
  } finally {
    db.close();
  }
  return { chatId, dressId };
}

/** How many messages of the chat the device holds (IndexedDB, as the app keeps them). */
function onDevice(page: Page, chatId: string): Promise<number> {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('besties');
        open.onsuccess = () => {
          const request = open.result
            .transaction('messageBlocks')
            .objectStore('messageBlocks')
            .getAll(IDBKeyRange.bound([id, -Infinity], [id, Infinity]));
          request.onsuccess = () => {
            open.result.close();
            const blocks = request.result as { messages: unknown[] }[];
            resolve(blocks.reduce((sum, block) => sum + block.messages.length, 0));
          };
        };
      }),
    chatId,
  );
}

test('offline, she finds a message months back and lands on it in its chat', async ({
  page,
  context,
}) => {
  const email = await signUpViaApi(page);
  const { chatId, dressId } = await longChat(page, email);
  const shortChat = await chatWithMessage(page, 'my boyfriend forgot our anniversary');
  await page.goto(`/chat/${shortChat}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('my boyfriend forgot our anniversary')).toBeVisible();
  await expect.poll(() => onDevice(page, chatId), { timeout: 40_000 }).toBe(COUNT);
  // Installed: search and its index are among the app's files on her phone.
  await serviceWorkerReady(page);

  await goOffline(context);
  // What she sends offline is found at once.
  const box = page.getByPlaceholder('Message your bestie...');
  await box.fill('we should get pineapple pizza after');
  await box.press('Enter');
  await expect(log.getByText('we should get pineapple pizza after')).toBeVisible();

  let history = await openChatHistory(page);
  const field = history.getByRole('searchbox', FIELD);
  await field.fill('pineap');
  const results = history.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('link')).toHaveCount(1);
  await expect(results.locator('mark')).toHaveText(['pineapple']);
  // Her chats give way to the results while she searches.
  await expect(history.getByRole('link', { name: /Prom planning/ })).toHaveCount(0);

  await field.fill('lilac spark');
  await expect(history.getByText('1 match', { exact: true })).toBeVisible();
  const result = results.getByRole('link', { name: /Prom planning/ });
  await expect(result.locator('mark')).toHaveText(['lilac', 'sparkles']);
  await result.click();

  await expect(page).toHaveURL(new RegExp(`/chat/${chatId}#m-${dressId}$`));
  // The newest page holds messages 71-120: the two before it are read to reach message 5.
  await expect(log.getByText(DRESS)).toBeInViewport();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/search-landed-${test.info().project.name}.png` });

  // Back in the search, her query is gone on a phone (the drawer is made anew), kept on desktop.
  history = await openChatHistory(page);
  await expect(history.getByRole('searchbox', FIELD)).toBeVisible();
});

for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`search results and the message they open in the ${theme} theme`, async ({
    page,
  }, testInfo) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await signUpViaApi(page);
    await chatWithMessage(page, 'my boyfriend keeps liking his ex’s photos at 2am');
    const chatId = await chatWithMessage(page, 'should I tell my boyfriend I want to slow down');
    await page.goto(`/chat/${chatId}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByText('should I tell my boyfriend')).toBeVisible();

    const history = await openChatHistory(page);
    await history.getByRole('searchbox', FIELD).fill('boyf');
    const results = history.getByRole('region', { name: 'Search results' });
    // Each chat is named after her first message: found by its name and by that message.
    await expect(results.getByRole('list', { name: 'Chats' }).getByRole('link')).toHaveCount(2);
    await expect(results.getByRole('list', { name: 'Messages' }).getByRole('link')).toHaveCount(2);
    const { violations } = await new AxeBuilder({ page }).include('.sidebar').analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    const shot = (name: string) =>
      page.screenshot({ path: `${SHOTS}/search-${name}-${theme}-${testInfo.project.name}.png` });
    await shot('results');

    await history.getByRole('searchbox', FIELD).fill('zebra');
    await expect(history.getByText('No matches for “zebra”')).toBeVisible();
    await shot('none');

    await history.getByRole('searchbox', FIELD).fill('ex photos');
    await results.getByRole('list', { name: 'Messages' }).getByRole('link').click();
    const found = log.getByText('my boyfriend keeps liking his ex’s photos at 2am');
    await expect(found).toBeInViewport();
    // While it glows.
    await page.waitForTimeout(300);
    await shot('opened');
  });
}
