import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker } from 'tesseract.js';
import type { Worker } from 'tesseract.js';

/**
 * Reads the text of an image on the server with tesseract.js in Node, the `eng` LSTM data from
 * @tesseract.js-data/eng (never downloaded). One worker, made on first use and reused.
 * First version: plain recognition; the screenshot-aware pipeline (shared/ocr) replaces it.
 */
export interface OcrReader {
  read(image: Buffer): Promise<{ text: string; confidence: number }>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const LANG_PATH = path.join(
  path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

export function createOcrReader(): OcrReader {
  let worker: Promise<Worker> | null = null;
  const ready = () =>
    (worker ??= createWorker('eng', 1, { langPath: LANG_PATH, cacheMethod: 'none', gzip: true }));
  return {
    async read(image) {
      const png = await sharp(image).png().toBuffer();
      const { data } = await (await ready()).recognize(png);
      return {
        text: data.text.trim(),
        confidence: Math.max(0, Math.min(1, data.confidence / 100)),
      };
    },
    async close() {
      if (worker) await (await worker).terminate();
      worker = null;
    },
  };
}
