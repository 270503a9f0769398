/**
 * One thread of the OCR pool (reader.ts): decodes an upload already shrunk to reading size,
 * finds its regions and reads them with this thread's own tesseract.js worker, made on the
 * first task and kept for the next. Nothing here runs on the server's event loop.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker } from 'tesseract.js';
import type { Worker } from 'tesseract.js';
import { readScreenshot, tesseractRecogniser } from '@shared/ocr';
import type { Recognise, Recognition, RgbaImage, ScreenshotText } from '@shared/ocr';

/** What the pool asks of a thread: an upload, or pixels already decoded (tests, bench). */
export type OcrTask =
  | { kind: 'read'; image: Uint8Array }
  | { kind: 'readRaw'; image: RgbaImage }
  | { kind: 'recogniseRaw'; image: RgbaImage };

export type OcrTaskResult = ScreenshotText | Recognition;

const require = createRequire(import.meta.url);
const LANG_PATH = path.join(
  path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

/** Uploads are checked before they get here; this bounds decoding again in case one is not. */
const MAX_INPUT_PIXELS = 40e6;
/**
 * The most pixels read: 2000 × 2000 (16 MB of RGBA). A phone screenshot (1290 × 2796 is
 * 3.6 MP) is read at full size; anything bigger is shrunk while it is decoded, so no full-size
 * RGBA buffer ever exists. A pixel budget rather than a 2000 px long side, so a tall scrolling
 * screenshot keeps text the recogniser can still read.
 */
export const MAX_READ_PIXELS = 2000 * 2000;

/** Width and height to read at: the image's own, or scaled down to MAX_READ_PIXELS. */
export function readingSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, Math.sqrt(MAX_READ_PIXELS / (width * height)));
  if (scale === 1) return { width, height };
  return {
    width: Math.max(1, Math.floor(width * scale)),
    height: Math.max(1, Math.floor(height * scale)),
  };
}

/**
 * Decodes to RGBA at reading size. libvips shrinks while decoding (JPEG shrink-on-load, PNG
 * line by line), so a 40-megapixel upload never takes more than the small result.
 */
export async function decodeForReading(image: Uint8Array): Promise<RgbaImage> {
  const input = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS });
  const { width = 0, height = 0, orientation = 1 } = await input.metadata();
  // EXIF orientations 5 to 8 turn the image a quarter: width and height swap once rotated.
  const [upright, across] = orientation >= 5 ? [height, width] : [width, height];
  const size = readingSize(upright, across);
  let pipeline = input.rotate();
  if (size.width !== upright || size.height !== across) {
    pipeline = pipeline.resize({ width: size.width, height: size.height, fit: 'fill' });
  }
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
  };
}

/** A tesseract.js worker on the bundled `eng` data, writing no cache file. */
export function startTesseractWorker(): Promise<Worker> {
  return createWorker('eng', 1, { langPath: LANG_PATH, cacheMethod: 'none', gzip: true });
}

let tesseract: Promise<Worker> | null = null;

const recognise: Recognise = tesseractRecogniser(async (pgm) => {
  tesseract ??= startTesseractWorker();
  const bytes = Buffer.from(pgm.buffer, pgm.byteOffset, pgm.length);
  return (await (await tesseract).recognize(bytes, {}, { blocks: true })).data;
});

export default async function run(task: OcrTask): Promise<OcrTaskResult> {
  switch (task.kind) {
    case 'read':
      return readScreenshot(await decodeForReading(task.image), recognise);
    case 'readRaw':
      return readScreenshot(task.image, recognise);
    case 'recogniseRaw':
      return recognise(task.image);
  }
}
