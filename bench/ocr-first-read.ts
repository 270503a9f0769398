/**
 * `npm run bench:ocr-first`: the first screenshot read after a fresh install beside a warm read,
 * in Debian Chromium on the built app. Each run is a new browser profile on disk:
 * she signs up, the chat screen opens and the service worker installs (precaching the app and
 * the OCR files); on the next launch of the installed app, the page it controls, she opens
 * 'Upload screenshot', picks the WhatsApp fixture, and the clock runs from the pick until
 * 'Use this text' is enabled. Then the same again three times on that page: the warm reads.
 *
 * The pick follows the dialog's opening after PICK_MS: choosing a photo in the phone's picker
 * takes her at least that, and the dialog warms the reader up meanwhile. A pick at once is
 * measured too, and reported beside it (no budget: nobody picks a photo in 0 ms).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { ocrFixtures, renderPng } from '../tests/fixtures/ocr/fixtures';
import { makeDataDir, startTestServer } from '../tests/integration/harness';
import { DIST, ensureBuild } from './build';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { report } from './report';

const PASSWORD = 'bench-pass-123';
const RUNS = 3;
const WARM_READS = 3;
/** From the dialog's opening to her pick: the phone's photo picker, at its quickest. */
const PICK_MS = 1500;
const BUDGET = { firstOverWarm: 2 };

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Opens the dialog, waits `pickAfterMs`, picks the image; ms from the pick to its text. */
async function readOnce(page: Page, png: Buffer, pickAfterMs: number): Promise<number> {
  await page.getByRole('button', { name: 'Upload screenshot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Screenshot' });
  await dialog.waitFor();
  await page.waitForTimeout(pickAfterMs);
  const started = performance.now();
  await dialog
    .getByTestId('ocr-file-input')
    .setInputFiles({ name: 'chat.png', mimeType: 'image/png', buffer: png });
  await page.waitForFunction(
    () => {
      const use = document.querySelector<HTMLButtonElement>('.ocr-dialog__use');
      return use !== null && !use.disabled;
    },
    null,
    { polling: 'raf', timeout: 120_000 },
  );
  const ms = performance.now() - started;
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return ms;
}

/** A fresh install: a new profile, signed up, the service worker installed and in control. */
async function freshInstall(url: string, pickAfterMs: number, png: Buffer) {
  const profileDir = await mkdtemp(path.join(tmpdir(), 'besties-ocr-device-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    baseURL: url,
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const email = `bench-ocr-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const answer = await page.request.post('/api/register', {
      data: { email, password: PASSWORD },
    });
    if (answer.status() !== 201) throw new Error(`register answered ${answer.status()}`);
    await page.goto('/chat?bestie=cassie');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // The installed app opened again: a page the service worker controls.
    await page.reload();
    const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
    if (!controlled) throw new Error('the service worker does not control the page');
    await page.getByRole('log', { name: 'Messages' }).waitFor({ timeout: 30_000 });
    const first = await readOnce(page, png, pickAfterMs);
    const warm: number[] = [];
    for (let read = 0; read < WARM_READS; read += 1) warm.push(await readOnce(page, png, 0));
    return { first, warm: median(warm) };
  } finally {
    await context.close();
    await rm(profileDir, { recursive: true, force: true });
  }
}

async function main() {
  ensureBuild();
  const fixture = ocrFixtures().find((candidate) => candidate.name === 'chat-whatsapp-dark');
  if (!fixture) throw new Error('no chat-whatsapp-dark fixture');
  const png = await renderPng(fixture);
  const server = await startTestServer({
    dataDir: await makeDataDir(),
    env: { STATIC_DIR: DIST },
  });
  try {
    const picked: { first: number; warm: number }[] = [];
    const atOnce: { first: number; warm: number }[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      picked.push(await freshInstall(server.url, PICK_MS, png));
      atOnce.push(await freshInstall(server.url, 0, png));
    }
    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    const list = (runs: { first: number }[]) => runs.map((run) => seconds(run.first)).join(', ');
    const first = median(picked.map((run) => run.first));
    const warm = median([...picked, ...atOnce].map((run) => run.warm));
    const firstAtOnce = median(atOnce.map((run) => run.first));
    report('ocr-first-read', [
      {
        measure: `first read after a fresh install, picked ${PICK_MS} ms after the dialog opened (s, median of ${RUNS}: ${list(picked)})`,
        value: seconds(first),
        budget: '',
        ok: true,
      },
      {
        measure: `warm read on the same page (s, median of ${RUNS * 2} installs × ${WARM_READS})`,
        value: seconds(warm),
        budget: '',
        ok: true,
      },
      {
        measure: 'first read / warm read',
        value: (first / warm).toFixed(2),
        budget: `<= ${BUDGET.firstOverWarm}`,
        ok: first / warm <= BUDGET.firstOverWarm,
      },
      {
        measure: `first read picked the moment the dialog opened, / warm (s: ${list(atOnce)})`,
        value: (firstAtOnce / warm).toFixed(2),
        budget: '',
        ok: true,
      },
    ]);
  } finally {
    await server.stop();
  }
}

await main();
