/**
 * `npm run bench:ocr`: character error rate and time per image for plain tesseract.js (the PNG
 * straight into a warm worker) beside our pipeline (reader.read: decode, shared/ocr
 * preprocessing, one recognition) on the rendered fixtures in tests/fixtures/ocr. Prints a
 * table; exits 1 if any image reads worse than 2 % CER or takes more than 1.5x plain.
 */
import { cer } from '../tests/fixtures/ocr/cer';
import { ocrFixtures, renderPng } from '../tests/fixtures/ocr/fixtures';
import { createOcrReader, startTesseractWorker } from '../sync-server/src/ocr/reader';

const BUDGET = { cer: 0.02, ratio: 1.5 };
/** Runs per image, plain and ours interleaved so a busy machine slows both alike. */
const ROUNDS = 5;

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

async function timed<T>(run: () => Promise<T>, times: number[]): Promise<T> {
  const started = performance.now();
  const result = await run();
  times.push(performance.now() - started);
  return result;
}

async function main() {
  const plain = await startTesseractWorker();
  const reader = createOcrReader();
  const rows = [];
  let failed = false;
  for (const fixture of ocrFixtures()) {
    const png = await renderPng(fixture);
    // Warm both paths: the first read of an image loads the LSTM model's pages.
    await plain.recognize(png);
    await reader.read(png);
    const plainMs: number[] = [];
    const oursMs: number[] = [];
    let plainText = '';
    let oursText = '';
    for (let round = 0; round < ROUNDS; round += 1) {
      plainText = (await timed(() => plain.recognize(png), plainMs)).data.text;
      oursText = (await timed(() => reader.read(png), oursMs)).text;
    }
    const plainCer = cer(fixture.expected, plainText);
    const oursCer = cer(fixture.expected, oursText);
    const ratio = median(oursMs) / median(plainMs);
    const ok = oursCer <= BUDGET.cer && ratio <= BUDGET.ratio;
    failed ||= !ok;
    rows.push({
      image: fixture.name,
      'plain CER': percent(plainCer),
      'plain ms': Math.round(median(plainMs)),
      'ours CER': percent(oursCer),
      'ours ms': Math.round(median(oursMs)),
      'time ratio': ratio.toFixed(2),
      budget: ok ? 'ok' : 'MISSED',
    });
  }
  await Promise.all([plain.terminate(), reader.close()]);
  console.log(
    `OCR: median of ${ROUNDS} warm runs; budget CER <= ${percent(BUDGET.cer)}, time <= ${BUDGET.ratio}x plain`,
  );
  console.table(rows);
  if (failed) {
    console.error('OCR bench: a budget was missed');
    process.exit(1);
  }
}

await main();
