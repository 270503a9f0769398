/**
 * `npm run bench:live-sync`: how soon her other device shows a message (live sync).
 * Device A is a client of the API that pushes a sendMessage mutation; device B is the
 * built app in Debian Chromium with that chat open, its live channel (GET /api/sync/events)
 * open. The clock runs from the push being sent to the message's text being in B's page and
 * a frame drawn after it (both clocks are this machine's wall clock). Builds dist/ first when
 * it is missing or older than the sources. One warm-up, then the median of seven.
 */
import { randomUUID } from 'node:crypto';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { makeDataDir, startTestServer } from '../tests/integration/harness';
import type { Client } from '../tests/integration/harness';
import { createChat, push, sendMessage } from '../tests/integration/fakes/sync';
import { DIST, ensureBuild } from './build';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { report } from './report';

const PASSWORD = 'bench-pass-123';
const RUNS = 7;
const BUDGET_SECONDS = 1.5;

/**
 * Runs in the page (as a string: tsx's helpers do not exist there). Resolves with the wall
 * clock (ms) of the first frame drawn after `text` appears in the message log.
 */
const WHEN_DRAWN = `(text) => new Promise((resolve) => {
  const seen = () =>
    [...document.querySelectorAll('[role="log"]')].some((log) => log.textContent.includes(text));
  const drawn = () => requestAnimationFrame(() => resolve(Date.now()));
  if (seen()) return drawn();
  const observer = new MutationObserver(() => {
    if (!seen()) return;
    observer.disconnect();
    drawn();
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
})`;

/** One message pushed by A; seconds until B has drawn it. */
async function oneRun(a: Client, b: Page, chatId: string, run: string): Promise<number> {
  const text = `Live sync bench message ${run} ${randomUUID()}`;
  const drawn = b.evaluate(`(${WHEN_DRAWN})(${JSON.stringify(text)})`) as Promise<number>;
  // The observer is in place before the push leaves.
  await b.evaluate('0');
  const sent = Date.now();
  const answer = await push(a, [sendMessage(chatId, text)]);
  if (answer.status !== 200) throw new Error(`push answered ${answer.status}`);
  const at = await Promise.race([
    drawn,
    new Promise<number>((_resolve, reject) =>
      setTimeout(() => reject(new Error('B did not show the message within 35 s')), 35_000),
    ),
  ]);
  return (at - sent) / 1000;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  ensureBuild();
  const dataDir = await makeDataDir();
  const server = await startTestServer({ dataDir, env: { STATIC_DIR: DIST } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const a = server.client();
    const email = `bench-live-${Date.now()}@example.com`;
    const registered = await a.post('/api/register', { email, password: PASSWORD });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const chatId = randomUUID();
    await push(a, [createChat(chatId, 'Hello from device A')]);

    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
    });
    const login = await context.request.post('/api/login', { data: { email, password: PASSWORD } });
    if (login.status() !== 200) throw new Error(`login answered ${login.status()}`);
    const b = await context.newPage();
    const live = b.waitForResponse((answer) => answer.url().endsWith('/api/sync/events'));
    await b.goto(`/chat/${chatId}`);
    await b.getByRole('log', { name: 'Messages' }).getByText('Hello from device A').waitFor();
    await live;
    // Let the first sync and the greeting's reply settle before measuring.
    await b.waitForTimeout(2000);

    const warmUp = await oneRun(a, b, chatId, 'warm-up');
    console.log(`warm-up: ${warmUp.toFixed(3)} s`);
    const runs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await oneRun(a, b, chatId, String(run)));
      // Her reply is written meanwhile and drawn too: each run starts on a quiet device.
      await b.waitForTimeout(1500);
    }
    const seconds = median(runs);
    report('live-sync', [
      {
        measure: `push on device A to the message drawn on device B in Chromium (s, median of ${RUNS})`,
        value: `${seconds.toFixed(3)} (${runs.map((run) => run.toFixed(3)).join(', ')})`,
        budget: `<= ${BUDGET_SECONDS}`,
        ok: seconds <= BUDGET_SECONDS,
      },
    ]);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
