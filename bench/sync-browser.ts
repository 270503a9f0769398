/**
 * `npm run bench:sync-browser`: a fresh device's full pull of 1,000 chats × 50 messages as she
 * waits for it: the built app in Debian Chromium signs her in on a fresh browser
 * profile on disk, as a phone's is (an incognito context keeps IndexedDB in memory, where
 * Chromium's store is several times slower than on disk), and the clock runs from its first pull request until every row is in IndexedDB
 * (the cursor the last page carries is stored in the same Dexie transaction as its rows, so
 * seeing it means every row is there; the rows are counted afterwards). The bytes on the wire
 * are what Chromium received for the pull requests (CDP encodedDataLength), held against the
 * default uncompressed pull format measured in the same run. Builds dist/ first when it is
 * missing or older than the sources. One warm-up run, then the median of three.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { PULL_MAX_LIMIT } from '@shared/sync';
import type { PullAnswer } from '@shared/sync';
import { makeDataDir, startTestServer } from '../tests/integration/harness';
import type { Client } from '../tests/integration/harness';
import { report } from './report';
import { seedHistory } from './seed';
import { DIST, ensureBuild } from './build';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const CHATS = 1000;
const MESSAGES_PER_CHAT = 50;
const PASSWORD = 'bench-pass-123';
const RUNS = 3;
const BUDGET = { fullPullSeconds: 5, bytesRatio: 1 / 3 };

/** Today's pull as every client made it: default pages of 1,000 rows, sizes uncompressed. */
async function defaultPull(client: Client) {
  let bytes = 0;
  let pages = 0;
  let page: Pick<PullAnswer, 'cursor' | 'hasMore'> = { cursor: 0, hasMore: true };
  while (page.hasMore) {
    const path = `/api/sync/pull?cursor=${page.cursor}&limit=${PULL_MAX_LIMIT}`;
    // An idle keep-alive socket the server closed while seeding blocked us fails once.
    const answer = await client.get(path).catch(() => client.get(path));
    if (answer.status !== 200) throw new Error(`pull answered ${answer.status}`);
    bytes += Buffer.byteLength(answer.text);
    page = answer.body as PullAnswer;
    pages += 1;
  }
  return { bytes, pages, cursor: page.cursor };
}

interface Run {
  seconds: number;
  wireBytes: number;
  pages: number;
  encodings: string[];
  chats: number;
  messages: number;
}

/**
 * Runs in the page (as a string: tsx's helpers do not exist there). Reads the stored cursor
 * every 20 ms until it is the last page's; answers when that was, when the first pull was
 * asked for (the page's own clock for both), and the rows then in IndexedDB.
 */
const UNTIL_PULLED = `async (finalCursor) => {
  const open = () => new Promise((resolve, reject) => {
    const request = indexedDB.open('besties');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const read = (db, store, run) => new Promise((resolve, reject) => {
    const request = run(db.transaction([store], 'readonly').objectStore(store));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const deadline = performance.now() + 300000;
  let end = 0;
  // One connection for the whole wait: opening one every 20 ms cost the store more than the reads.
  const watching = await open();
  while (performance.now() < deadline) {
    const cursor = await read(watching, 'meta', (meta) => meta.get('cursor'));
    if (cursor && cursor.value === finalCursor) {
      end = performance.now();
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  watching.close();
  const db = await open();
  const chats = await read(db, 'chats', (chats) => chats.count());
  // The server's messages are kept 50 to a record (app/db/blocks.ts): counted in their blocks.
  const blocks = await read(db, 'messageBlocks', (blocks) => blocks.getAll());
  const messages = blocks.reduce((count, block) => count + block.messages.length, 0);
  db.close();
  const starts = performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.includes('/api/sync/pull'))
    .map((entry) => entry.startTime);
  return { start: Math.min(...starts), end, chats, messages };
}`;

/** One fresh device: signs in through the log-in form and waits for her whole history. */
async function freshDevice(props: {
  url: string;
  email: string;
  finalCursor: number;
}): Promise<Run> {
  const profileDir = await mkdtemp(path.join(tmpdir(), 'besties-device-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    baseURL: props.url,
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(() => performance.setResourceTimingBufferSize(10_000));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const pulls = new Set<string>();
    const encodings: string[] = [];
    let wireBytes = 0;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.includes('/api/sync/pull')) pulls.add(event.requestId);
    });
    cdp.on('Network.responseReceived', (event) => {
      if (!pulls.has(event.requestId)) return;
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
      );
      encodings.push(String(headers['content-encoding'] ?? 'identity'));
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (pulls.has(event.requestId)) wireBytes += event.encodedDataLength;
    });

    await page.goto('/auth');
    const form = page.getByRole('tabpanel', { name: 'Log In' });
    await form.getByLabel('Email').fill(props.email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const firstPull = page.waitForRequest((request) => request.url().includes('/api/sync/pull'));
    await form.getByRole('button', { name: 'Log In' }).click();
    await firstPull;

    // Dexie has opened the database by the first pull: read its cursor until it is the last.
    const timing = (await page.evaluate(`(${UNTIL_PULLED})(${props.finalCursor})`)) as {
      start: number;
      end: number;
      chats: number;
      messages: number;
    };
    if (!timing.end) throw new Error('the pull did not finish within five minutes');
    return {
      seconds: (timing.end - timing.start) / 1000,
      wireBytes,
      pages: pulls.size,
      encodings: [...new Set(encodings)],
      chats: timing.chats,
      messages: timing.messages,
    };
  } finally {
    await context.close();
    await rm(profileDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

async function main() {
  ensureBuild();
  const dataDir = await makeDataDir();
  const server = await startTestServer({ dataDir, env: { STATIC_DIR: DIST } });
  try {
    const client = server.client();
    const email = `bench-browser-${Date.now()}@example.com`;
    const answer = await client.post('/api/register', { email, password: PASSWORD });
    if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
    await seedHistory(server.db, {
      userId: answer.body.id as string,
      chats: CHATS,
      messagesPerChat: MESSAGES_PER_CHAT,
    });
    // Seeding blocked this process past the keep-alive timeout: let idle sockets close first.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const baseline = await defaultPull(client);

    const device = { url: server.url, email, finalCursor: baseline.cursor };
    const warmUp = await freshDevice(device);
    console.log(`warm-up: ${warmUp.seconds.toFixed(2)} s, ${mb(warmUp.wireBytes)}`);
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await freshDevice(device));

    const rows = CHATS * (1 + MESSAGES_PER_CHAT);
    const seconds = median(runs.map((run) => run.seconds));
    const wireBytes = median(runs.map((run) => run.wireBytes));
    const ratio = wireBytes / baseline.bytes;
    const complete = runs.every(
      (run) => run.chats === CHATS && run.messages === CHATS * MESSAGES_PER_CHAT,
    );
    const last = runs.at(-1)!;
    report('sync-browser', [
      {
        measure: `full pull in Chromium, ${CHATS.toLocaleString('en')} chats × ${MESSAGES_PER_CHAT} messages, first request to all in IndexedDB (s, median of ${RUNS})`,
        value: `${seconds.toFixed(2)} (${runs.map((run) => run.seconds.toFixed(2)).join(', ')})`,
        budget: `< ${BUDGET.fullPullSeconds}`,
        ok: seconds < BUDGET.fullPullSeconds,
      },
      {
        measure: 'rows in IndexedDB after every run (chats, messages)',
        value: `${last.chats}, ${last.messages}`,
        budget: `${CHATS}, ${CHATS * MESSAGES_PER_CHAT}`,
        ok: complete,
      },
      {
        measure: 'baseline: default pull format, uncompressed (bytes, pages of 1,000)',
        value: `${mb(baseline.bytes)} (${baseline.pages})`,
        budget: '',
        ok: true,
      },
      {
        measure: `pull bytes on the wire (pages, encoding)`,
        value: `${mb(wireBytes)} (${last.pages}, ${last.encodings.join('/')}); ${(wireBytes / rows).toFixed(1)} B/row`,
        budget: '',
        ok: true,
      },
      {
        measure: 'wire bytes / baseline bytes',
        value: ratio.toFixed(3),
        budget: `<= ${BUDGET.bytesRatio.toFixed(3)}`,
        ok: ratio <= BUDGET.bytesRatio,
      },
    ]);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
