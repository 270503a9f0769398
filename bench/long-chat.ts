/**
 * `npm run bench:long-chat`: a chat of 10,000 messages on a phone.
 *
 * Runs the real server over a temporary DATA_DIR serving the built app (dist/, built first when
 * missing or older than the sources), seeds one user's 10,000-message chat (and a short one)
 * straight into its database as the chats use cases store them, and opens Debian Chromium at
 * 390×844 with mobile emulation, signed in, until sync has put every message on the device.
 * Then, measured in the page:
 * - opening the long chat from the short one (a tap on it in the menu) until the newest
 *   message is painted on screen: the first animation frame after the frame in which it is
 *   in the DOM and in view; the median of OPENS opens after WARM_UP_OPENS, budget 300 ms;
 * - scrolling up through SCROLL_MESSAGES messages (older pages read in as she goes), a
 *   SCROLL_STEP_PX step every frame, timing each frame (requestAnimationFrame deltas);
 * - the rows and elements in the DOM while she scrolls, which must stay bounded.
 * Prints a table; exits 1 on a missed budget.
 */
import { randomUUID } from 'node:crypto';
import { chromium, devices, type Page } from '@playwright/test';
import * as chatsRepo from '../sync-server/src/chats/repo';
import { inTransaction } from '../sync-server/src/db/database';
import { withDataDirDb } from './seed';
import { startTestServer } from '../tests/integration/harness';
import { report, type Check } from './report';
import { DIST, ensureBuild } from './build';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const COUNT = 10_000;
const WARM_UP_OPENS = 2;
const OPENS = 7;
const SCROLL_MESSAGES = 3_000;
/** A brisk flick held for the whole run: 120 px a frame is 7,200 px/s at 60 Hz. */
const SCROLL_STEP_PX = 120;
/** She would have given up long before: the scroll stops here, however far it got. */
const SCROLL_LIMIT_MS = 120_000;

const BUDGET = {
  openMs: 300,
  // At 60 Hz a frame has 16.7 ms. Chromium here rasterises in software (--disable-gpu) on two
  // cores shared with the server and other work, so every frame cannot make 16.7 ms; at most
  // one frame missed in a row for 95 % of frames (33.4 ms) still reads as smooth scrolling.
  p95FrameMs: 33.4,
  // Over 50 ms is a hitch anyone sees (RAIL): page reads above her may cause a few, not more.
  longFrameShare: 0.02,
  // The screen holds about 15 rows at 844 px, plus 6 drawn beyond each edge and the 'Load
  // earlier' row: 60 leaves room for short rows, and does not grow with the chat.
  rowsInDom: 60,
  // Elements in the whole page while scrolling, against those right after opening.
  domGrowth: 1.5,
};

/** The text of message `n` (1 is the oldest): hers and replies in turn, of varied length. */
export function textOf(n: number): string {
  if (n % 2 === 1) {
    return n % 6 === 1
      ? `Message ${n}: so he finally texted back after three days, and honestly I do not even know what to say to him now. Part of me wants to ignore it.`
      : `Message ${n}: ok but listen`;
  }
  return n % 4 === 0
    ? `Message ${n}: **Oh babe.** Take a breath first. You do not owe him an answer tonight.\n- What do you want?\n- What would feel kind to you?`
    : `Message ${n}: I am listening, tell me everything.`;
}

/**
 * A premium user's chat of COUNT messages a minute apart, with a screenshot of hers and its
 * read text every 50th and one message of hers reading as a crisis (its help card), and a
 * short chat beside it, written as the chats use cases store them, in one transaction.
 */
async function seedChats(dataDir: string, userId: string) {
  const longChat = randomUUID();
  const shortChat = randomUUID();
  const start = Date.now() - (COUNT + 10) * 60_000;
  await withDataDirDb(dataDir, async (target) => {
    await target
      .insertInto('entitlements')
      .values({ user_id: userId, tier: 'premium', expires_at: null, updated_at: Date.now() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ tier: 'premium', expires_at: null }))
      .execute();
    await inTransaction(target, async (db) => {
      const chats = [
        { id: longChat, title: 'The long chat', count: COUNT, at: start },
        { id: shortChat, title: 'A short chat', count: 4, at: start + 1 },
      ];
      for (const chat of chats) {
        await chatsRepo.insertChat(db, {
          id: chat.id,
          userId,
          personaId: 1,
          title: chat.title,
          createdAt: chat.at,
          updatedAt: chat.at + chat.count * 60_000,
          changeSeq: await chatsRepo.nextChangeSeq(db, userId),
        });
        let hers: string | null = null;
        for (let n = 1; n <= chat.count; n += 1) {
          const id = randomUUID();
          const fromHer = n % 2 === 1;
          const screenshot = fromHer && n % 50 === 1;
          await chatsRepo.insertMessage(db, {
            id,
            chatId: chat.id,
            userId,
            role: fromHer ? 'user' : 'assistant',
            content: n === 7 ? `Message ${n}: I want to die` : textOf(n),
            isCrisis: 0,
            helpCard: 0,
            care: 0,
            replyTo: fromHer ? null : hers,
            isOcr: screenshot ? 1 : 0,
            isEnhancedOcr: 0,
            imageUrl: null,
            extractedText: screenshot ? 'Jake: u up?\nMe: why\nJake: miss u' : null,
            analysisType: null,
            ocrAnalysis: null,
            ocrStructuredData: null,
            ocrConfidence: null,
            createdAt: chat.at + n * 60_000,
            changeSeq: await chatsRepo.nextChangeSeq(db, userId),
            chatSeq: n,
            replyError: null,
            usedMemories: null,
          });
          if (fromHer) hers = id;
        }
      }
    });
  });
  return { longChat, shortChat };
}

/** How many of the chat's messages the device holds (IndexedDB, read as the app stores it). */
function messagesOnDevice(page: Page, chatId: string): Promise<number> {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('besties');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('messageBlocks')) {
            db.close();
            resolve(0);
            return;
          }
          const request = db
            .transaction('messageBlocks')
            .objectStore('messageBlocks')
            // The server's messages of the chat, 50 to a block (app/db/blocks.ts, version 8).
            .getAll(IDBKeyRange.bound([id, -Infinity], [id, Infinity]));
          request.onsuccess = () => {
            db.close();
            const blocks = request.result as { messages: unknown[] }[];
            resolve(blocks.reduce((sum, block) => sum + block.messages.length, 0));
          };
        };
      }),
    chatId,
  );
}

/** Opens the chat titled `title` from the menu, as she would on a phone. */
async function tapChat(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: new RegExp(title) }).click();
}

/** Milliseconds from her tap on the long chat to the newest message painted in view. */
async function openLongChat(page: Page, newest: string): Promise<number> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const link = page.getByRole('link', { name: /The long chat/ });
  await link.waitFor();
  const painted = page.evaluate(
    (text) =>
      new Promise<number>((resolve) => {
        let tapped: number | null = null;
        addEventListener(
          'click',
          (event) => {
            tapped = event.timeStamp;
          },
          { capture: true, once: true },
        );
        const inView = () => {
          const log = document.querySelector('[role="log"]');
          if (!log) return false;
          const bubble = Array.from(log.querySelectorAll('.chat-bubble')).find((each) =>
            each.textContent?.startsWith(text),
          );
          if (!bubble) return false;
          const box = bubble.getBoundingClientRect();
          const view = log.getBoundingClientRect();
          return box.height > 0 && box.bottom > view.top && box.top < view.bottom;
        };
        const frame = () => {
          if (tapped === null || !inView()) {
            requestAnimationFrame(frame);
            return;
          }
          // Drawn in this frame: painted by the next one's start.
          const from = tapped;
          requestAnimationFrame(() => resolve(performance.now() - from));
        };
        requestAnimationFrame(frame);
      }),
    newest,
  );
  await link.click();
  return painted;
}

interface ScrollRun {
  frames: number[];
  messagesScrolled: number;
  maxRows: number;
  maxElements: number;
  elementsAtOpen: number;
  seconds: number;
}

/** Scrolls up a step every frame until SCROLL_MESSAGES are behind her, timing each frame. */
function scrollUp(page: Page): Promise<ScrollRun> {
  return page.evaluate(
    ({ step, messages, limitMs, newest }) =>
      new Promise<ScrollRun>((resolve) => {
        const log = document.querySelector<HTMLElement>('[role="log"]')!;
        const elements = () => document.getElementsByTagName('*').length;
        const elementsAtOpen = elements();
        const frames: number[] = [];
        let maxRows = 0;
        let maxElements = elementsAtOpen;
        let reached = newest;
        const started = performance.now();
        let last: number | null = null;
        const frame = (now: number) => {
          if (last !== null) frames.push(now - last);
          last = now;
          if (frames.length % 10 === 0) {
            maxRows = Math.max(maxRows, log.querySelectorAll('.message-list__row').length);
            maxElements = Math.max(maxElements, elements());
            const first = log.querySelector('.message-list__row .chat-bubble')?.textContent;
            const n = Number(/^Message (\d+):/.exec(first ?? '')?.[1]);
            if (Number.isFinite(n) && n > 0) reached = Math.min(reached, n);
          }
          const done = newest - reached >= messages || now - started > limitMs;
          if (done) {
            resolve({
              frames,
              messagesScrolled: newest - reached,
              maxRows,
              maxElements,
              elementsAtOpen,
              seconds: (now - started) / 1000,
            });
            return;
          }
          log.scrollBy(0, -step);
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { step: SCROLL_STEP_PX, messages: SCROLL_MESSAGES, limitMs: SCROLL_LIMIT_MS, newest: COUNT },
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  0;
const share = (values: number[], over: number) =>
  values.filter((value) => value > over).length / Math.max(1, values.length);
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

async function main() {
  ensureBuild();
  const server = await startTestServer({ env: { STATIC_DIR: DIST } });
  const base = server.url.replace('127.0.0.1', 'localhost');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      ...devices['Pixel 7'],
      viewport: { width: 390, height: 844 },
      baseURL: base,
    });
    // tsx keeps function names with a __name() helper the page does not have.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    const email = `long-chat-${randomUUID()}@example.com`;
    const registered = await page.request.post('/api/register', {
      data: { email, password: 'bench-pass-123' },
    });
    if (registered.status() !== 201) throw new Error(`register answered ${registered.status()}`);
    const { id: userId } = (await registered.json()) as { id: string };
    const { longChat, shortChat } = await seedChats(server.dataDir, userId);

    await page.goto(`/chat/${shortChat}`);
    const pulled = performance.now();
    while ((await messagesOnDevice(page, longChat)) < COUNT) {
      if (performance.now() - pulled > 300_000) throw new Error('sync did not bring the chat');
      await page.waitForTimeout(500);
    }
    console.log(
      `Sync put ${COUNT} messages on the device in ${((performance.now() - pulled) / 1000).toFixed(1)} s`,
    );

    const newest = `Message ${COUNT}:`;
    const opens: number[] = [];
    for (let i = 0; i < WARM_UP_OPENS + OPENS; i += 1) {
      await tapChat(page, 'A short chat');
      await page.getByRole('log').getByText('Message 4:').waitFor();
      await page.waitForTimeout(300);
      const ms = await openLongChat(page, newest);
      if (i >= WARM_UP_OPENS) opens.push(ms);
    }
    await page.waitForTimeout(1000);
    const scroll = await scrollUp(page);
    const { frames } = scroll;

    const openMs = median(opens);
    const p95 = percentile(frames, 0.95);
    const longShare = share(frames, 50);
    const checks: Check[] = [
      {
        measure: `open a ${COUNT.toLocaleString('en')}-message chat to its newest painted, median of ${OPENS} (ms)`,
        value: openMs.toFixed(0),
        budget: `<= ${BUDGET.openMs}`,
        ok: openMs <= BUDGET.openMs,
      },
      {
        measure: 'each open (ms)',
        value: opens.map((ms) => ms.toFixed(0)).join(', '),
        budget: '',
        ok: true,
      },
      {
        measure: `scrolled up (messages, frames, s)`,
        value: `${scroll.messagesScrolled}, ${frames.length}, ${scroll.seconds.toFixed(1)}`,
        budget: `>= ${SCROLL_MESSAGES} messages`,
        ok: scroll.messagesScrolled >= SCROLL_MESSAGES,
      },
      {
        measure: 'frame time while scrolling, median / p95 (ms)',
        value: `${median(frames).toFixed(1)} / ${p95.toFixed(1)}`,
        budget: `p95 <= ${BUDGET.p95FrameMs}`,
        ok: p95 <= BUDGET.p95FrameMs,
      },
      {
        measure: 'frames over 16.7 ms',
        value: percent(share(frames, 16.7)),
        budget: '',
        ok: true,
      },
      {
        measure: 'frames over 50 ms (long)',
        value: percent(longShare),
        budget: `<= ${percent(BUDGET.longFrameShare)}`,
        ok: longShare <= BUDGET.longFrameShare,
      },
      {
        measure: 'message rows in the DOM while scrolling, most',
        value: String(scroll.maxRows),
        budget: `<= ${BUDGET.rowsInDom}`,
        ok: scroll.maxRows > 0 && scroll.maxRows <= BUDGET.rowsInDom,
      },
      {
        measure: 'elements in the page while scrolling, most (at open)',
        value: `${scroll.maxElements} (${scroll.elementsAtOpen})`,
        budget: `<= ${BUDGET.domGrowth} × at open`,
        ok: scroll.maxElements <= BUDGET.domGrowth * scroll.elementsAtOpen,
      },
    ];
    report('long-chat', checks);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
