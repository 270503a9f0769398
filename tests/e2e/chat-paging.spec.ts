import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { appendMessage, newMessage } from '../../sync-server/src/chats/repo';
import { inTransaction, sqliteDb } from '../../sync-server/src/db/database';
import { DB_FILE_NAME } from '../../sync-server/src/db/open';
import { signUpViaApi } from './helpers';

/** Rows the open chat shows before she scrolls up (MESSAGE_PAGE_SIZE in app/db/chats.ts). */
const PAGE = 50;
const COUNT = 150;
const SHOTS = process.env.PAGING_SHOTS ?? 'test-results/screenshots';

// Each test signs up, seeds 150 messages and pulls them all to the device first: on a busy
// two-core machine that alone can take 20 s, and a page read can wait seconds behind a pull.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
/** How long the first pull of the whole chat may take there. */
const OPENED = { timeout: 40_000 };

/** The text of message `n` (1 is the first of the chat); some run over several lines. */
const textOf = (n: number) =>
  n % 2 === 1
    ? `Message ${n}: ${n % 3 === 0 ? 'so he finally texted back, and honestly I do not even know what to say to him now' : 'ok but listen'}`
    : `Message ${n}: ${n % 4 === 0 ? 'Oh babe. Take a breath first. You do not owe him an answer tonight, and whatever you feel about it is allowed.' : 'I am listening, tell me everything.'}`;

/**
 * A chat of COUNT messages, hers and her bestie's in turn, a minute apart, written straight
 * into the e2e server's database the way the server stores them (its own appendMessage gives
 * each its place): writing 150 through the API would wait for 75 replies to be written.
 * Her plan is premium so the replies show whole, not as teasers.
 */
async function chatOfManyMessages(page: Page): Promise<string> {
  const email = await signUpViaApi(page);
  const chatId = randomUUID();
  const created = await page.request.post('/api/sync/push', {
    data: {
      mutations: [
        {
          id: randomUUID(),
          type: 'createChat',
          chat: { id: chatId, personaId: 1, isEmptyChatCreation: true },
        },
      ],
    },
  });
  expect(created.status()).toBe(200);
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', DB_FILE_NAME));
  try {
    db.pragma('busy_timeout = 5000');
    const { id: userId } = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as {
      id: string;
    };
    db.prepare(
      `INSERT INTO entitlements (user_id, tier, expires_at, updated_at) VALUES (?, 'premium', NULL, ?)
       ON CONFLICT (user_id) DO UPDATE SET tier = 'premium', expires_at = NULL`,
    ).run(userId, Date.now());
    const start = Date.now() - COUNT * 60_000;
    const kysely = sqliteDb(db);
    await inTransaction(kysely, async (trx) => {
      let hers = '';
      for (let n = 1; n <= COUNT; n += 1) {
        const id = randomUUID();
        const fromHer = n % 2 === 1;
        await appendMessage(trx, {
          message: newMessage({
            id,
            chatId,
            userId,
            role: fromHer ? 'user' : 'assistant',
            content: textOf(n),
            replyTo: fromHer ? null : hers,
            createdAt: start + n * 60_000,
          }),
        });
        if (fromHer) hers = id;
      }
    });
  } finally {
    db.close();
  }
  return chatId;
}

function rowOf(log: Locator, n: number): Locator {
  return log.locator('.message-row').filter({ hasText: `Message ${n}:` });
}

/** The list draws only the rows near the screen, however many it has read (virtualised). */
const MOST_ROWS_DRAWN = 40;

async function expectFewRowsDrawn(log: Locator) {
  const drawn = await log.locator('.message-row').count();
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThanOrEqual(MOST_ROWS_DRAWN);
}

const topOf = async (row: Locator) => (await row.boundingBox())?.y ?? NaN;

/** Waits for two animation frames: whatever the last change moved is drawn. */
const settled = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

test('a long chat opens on its newest page and reads older ones as she scrolls up, keeping her place', async ({
  page,
}) => {
  const chatId = await chatOfManyMessages(page);
  await page.goto(`/chat/${chatId}`);
  const log = page.getByRole('log', { name: 'Messages' });

  // Only the newest page is read, only the rows near the screen drawn; she sees the newest.
  await expect(rowOf(log, COUNT)).toBeInViewport(OPENED);
  await expectFewRowsDrawn(log);
  await expect(rowOf(log, COUNT - PAGE)).toHaveCount(0);

  // At the top, the page before comes in above; the message that was first stays put.
  let first = COUNT - PAGE + 1;
  while (first > 1) {
    // The page before is held back until she has seen where the first message is.
    await holdMessages(page);
    await log.evaluate((list) => {
      list.scrollTop = 0;
    });
    await expect(rowOf(log, first)).toBeInViewport();
    await expect(log.getByRole('button', { name: 'Loading earlier messages…' })).toBeVisible();
    await settled(page);
    const before = await topOf(rowOf(log, first));
    await page.evaluate(() => (window as { releaseMessages?: () => void }).releaseMessages?.());
    await expect(rowOf(log, first - 1)).toHaveCount(1);
    await settled(page);
    await expect(rowOf(log, first)).toBeInViewport();
    expect(Math.abs((await topOf(rowOf(log, first))) - before)).toBeLessThanOrEqual(3);
    await expectFewRowsDrawn(log);
    first -= PAGE;
  }
  await log.evaluate((list) => {
    list.scrollTop = 0;
  });
  await expect(rowOf(log, 1)).toBeInViewport();
  await expect(log.getByRole('button', { name: /earlier messages/ })).toHaveCount(0);
  // All 150 are read; still only those near the screen are drawn.
  await expectFewRowsDrawn(log);
  await expect(rowOf(log, COUNT)).toHaveCount(0);

  // A new message of hers still takes the list to the bottom.
  const box = page.getByPlaceholder('Message your bestie...');
  await box.fill('Back to now');
  await box.press('Enter');
  await expect(log.getByText('Back to now')).toBeInViewport();
});

test("'Load earlier messages' reads the page before from the keyboard", async ({ page }) => {
  await page.addInitScript(() => {
    // A browser without IntersectionObserver: the button is the way up.
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  });
  const chatId = await chatOfManyMessages(page);
  await page.goto(`/chat/${chatId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(rowOf(log, COUNT)).toBeInViewport(OPENED);
  await log.evaluate((list) => {
    list.scrollTop = 0;
  });
  await expect(rowOf(log, COUNT - PAGE + 1)).toBeInViewport();
  await expect(rowOf(log, COUNT - PAGE)).toHaveCount(0);
  const more = log.getByRole('button', { name: 'Load earlier messages' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(rowOf(log, COUNT - PAGE)).toHaveCount(1);
  await expect(rowOf(log, COUNT - PAGE + 1)).toBeInViewport();
  await expect(more).toBeFocused();
  await expectFewRowsDrawn(log);
});

/**
 * Holds IndexedDB's store of the server's messages (messageBlocks) in a read-write transaction
 * of its own until `window.releaseMessages()`: the app's reads wait behind it, so the loading
 * state stays on screen long enough to be seen.
 */
async function holdMessages(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const open = indexedDB.open('besties');
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('messageBlocks', 'readwrite');
          const store = tx.objectStore('messageBlocks');
          let holding = true;
          (window as { releaseMessages?: () => void }).releaseMessages = () => {
            holding = false;
          };
          const keepBusy = () => {
            if (holding) store.count().onsuccess = keepBusy;
          };
          keepBusy();
          tx.oncomplete = () => db.close();
          resolve();
        };
      }),
  );
}

for (const theme of ['pink', 'light', 'dark'] as const) {
  test(`the chat while older messages load, in the ${theme} theme`, async ({ page }, testInfo) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const chatId = await chatOfManyMessages(page);
    await page.goto(`/chat/${chatId}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(rowOf(log, COUNT)).toBeInViewport(OPENED);
    // The newest messages of a long chat, as she opens it.
    mkdirSync(SHOTS, { recursive: true });
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/long-chat-${theme}-${testInfo.project.name}.png` });
    await holdMessages(page);
    await log.evaluate((list) => {
      list.scrollTop = 0;
    });
    await expect(log.getByRole('button', { name: 'Loading earlier messages…' })).toBeVisible();
    const shot = `${SHOTS}/paging-${theme}-${testInfo.project.name}.png`;
    await page.screenshot({ path: shot });
    await testInfo.attach(`paging-${theme}`, { path: shot, contentType: 'image/png' });
    await page.evaluate(() => (window as { releaseMessages?: () => void }).releaseMessages?.());
    await expect(rowOf(log, COUNT - PAGE)).toHaveCount(1);
    await settled(page);
    const after = `${SHOTS}/paging-${theme}-${testInfo.project.name}-after.png`;
    await page.screenshot({ path: after });
  });
}
