import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker } from 'tesseract.js';
import type { Worker } from 'tesseract.js';
import { readScreenshot, tesseractRecogniser } from '@shared/ocr';
import type { Recognise, RgbaImage, ScreenshotText } from '@shared/ocr';

/**
 * Reads the text of an image on the server with tesseract.js in Node, the `eng` LSTM data from
 * @tesseract.js-data/eng (never downloaded). One worker, made on first use and reused. The
 * image goes through the same screenshot-aware pipeline as on the device (shared/ocr), so a
 * chat reads as `Them:`/`Me:` lines here too.
 */
export interface OcrReader {
  read(image: Buffer): Promise<{ text: string; confidence: number }>;
  close(): Promise<void>;
}

/** The reader with its lower levels open, for tests and the bench. */
export interface RawOcrReader extends OcrReader {
  /** The whole pipeline on decoded pixels. */
  readRaw(image: RgbaImage): Promise<ScreenshotText>;
  /** Plain tesseract.js on the pixels, without preprocessing (the bench's baseline). */
  recogniseRaw: Recognise;
}

const require = createRequire(import.meta.url);
const LANG_PATH = path.join(
  path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

/** Uploads are checked before they get here; this bounds decoding again in case one is not. */
const MAX_INPUT_PIXELS = 40e6;

export async function decodeRgba(image: Buffer): Promise<RgbaImage> {
  const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}

function recogniserOn(worker: () => Promise<Worker>): Recognise {
  return tesseractRecogniser(async (pgm) => {
    const bytes = Buffer.from(pgm.buffer, pgm.byteOffset, pgm.length);
    return (await (await worker()).recognize(bytes, {}, { blocks: true })).data;
  });
}

/** A tesseract.js worker on the bundled `eng` data, writing no cache file. */
export function startTesseractWorker(): Promise<Worker> {
  return createWorker('eng', 1, { langPath: LANG_PATH, cacheMethod: 'none', gzip: true });
}

export function createOcrReader(): RawOcrReader {
  let worker: Promise<Worker> | null = null;
  const ready = () => (worker ??= startTesseractWorker());
  const recogniseRaw = recogniserOn(ready);
  const readRaw = (image: RgbaImage) => readScreenshot(image, recogniseRaw);
  return {
    recogniseRaw,
    readRaw,
    async read(image) {
      const { text, confidence } = await readRaw(await decodeRgba(image));
      return { text, confidence };
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await (await running).terminate();
    },
  };
}
