/**
 * `npm run bench:ocr`: character error rate and time per image for plain tesseract.js (the PNG
 * straight into a warm worker) beside our pipeline (reader.read: decode, shared/ocr
 * preprocessing, one recognition) on the rendered fixtures in tests/fixtures/ocr. Prints a
 * table; exits 1 if any image reads worse than 2 % CER or takes more than 1.5x plain.
 */
import { cer } from '../tests/fixtures/ocr/cer';
import { ocrFixtures, renderPng } from '../tests/fixtures/ocr/fixtures';
import { createOcrReader, startTesseractWorker } from '../sync-server/src/ocr/reader';
import { report, type Check } from './report';

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
  const checks: Check[] = [];
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
    checks.push(
      {
        measure: `${fixture.name}: CER, ours (plain ${percent(plainCer)})`,
        value: percent(oursCer),
        budget: `<= ${percent(BUDGET.cer)}`,
        ok: oursCer <= BUDGET.cer,
      },
      {
        measure: `${fixture.name}: median ms, ours / plain (${Math.round(median(oursMs))} / ${Math.round(median(plainMs))})`,
        value: ratio.toFixed(2),
        budget: `<= ${BUDGET.ratio}`,
        ok: ratio <= BUDGET.ratio,
      },
    );
  }
  await Promise.all([plain.terminate(), reader.close()]);
  console.log(`OCR: median of ${ROUNDS} warm runs per image, plain tesseract.js beside ours`);
  report('ocr', checks);
}

await main();
