import { Piscina } from 'piscina';
// Loaded here, on the main thread, before any pool thread loads it: libvips is then never
// unloaded when a thread ends (sharp's advice for worker threads).
import 'sharp';
import type { Recognise, Recognition, RgbaImage, ScreenshotText } from '@shared/ocr';
import { defaultOcrPoolSizes } from './limits';
import type { OcrPoolSizes } from './limits';
import type { OcrTask, OcrTaskResult } from './worker';

export { startTesseractWorker } from './worker';

/**
 * Reads the text of an image on the server with tesseract.js in Node, the `eng` LSTM data from
 * @tesseract.js-data/eng (never downloaded), through the same screenshot-aware pipeline as on
 * the device (shared/ocr), so a chat reads as `Them:`/`Me:` lines here too.
 *
 * Every read runs in a small pool of worker threads (worker.ts), each with its own tesseract.js
 * worker made on its first read and kept: decoding, shrinking, region finding and recognition
 * never hold the event loop. A few run at once; a few more wait; past that a read is refused
 * at once with OcrBusy rather than piling images up in memory.
 */
export interface OcrReader {
  /** Aborting `signal` drops a read still waiting, or stops one running (its thread ends). */
  read(
    image: Buffer,
    options?: { signal?: AbortSignal },
  ): Promise<{ text: string; confidence: number }>;
  close(): Promise<void>;
}

/** The reader with its lower levels open, for tests and the bench. */
export interface RawOcrReader extends OcrReader {
  /** The whole pipeline on decoded pixels. */
  readRaw(image: RgbaImage): Promise<ScreenshotText>;
  /** Plain tesseract.js on the pixels, without preprocessing (the bench's baseline). */
  recogniseRaw: Recognise;
}

/** Every thread is reading and the queue is full: worth trying again in a moment. */
export class OcrBusy extends Error {
  constructor() {
    super('Every OCR thread is busy and the queue is full');
    this.name = 'OcrBusy';
  }
}

const WORKER = new URL('./worker-entry.mjs', import.meta.url).href;

export function createOcrReader(sizes: OcrPoolSizes = defaultOcrPoolSizes()): RawOcrReader {
  // Made on the first read, so an app that never reads starts no thread.
  let pool: Piscina<OcrTask, OcrTaskResult> | null = null;
  const running = () =>
    (pool ??= new Piscina<OcrTask, OcrTaskResult>({
      filename: WORKER,
      minThreads: sizes.threads,
      maxThreads: sizes.threads,
      // A thread awaits its tesseract.js worker between messages: no Atomics.wait blocking it.
      atomics: 'disabled',
      // Below the event loop's priority (Linux, with piscina's optional @napi-rs/nice; ignored
      // without it), and so its tesseract.js worker, made from it: on a busy machine a read
      // waits for CPU, not her health check or her next page.
      niceIncrement: 10,
    }));
  // Counted here rather than with piscina's maxQueue, which (5.3) lets one more wait when a
  // waiting task carries an AbortSignal, and one more again while a thread is starting.
  let inWork = 0;

  async function run(task: OcrTask, signal?: AbortSignal): Promise<OcrTaskResult> {
    if (inWork >= sizes.threads + sizes.queueLength) throw new OcrBusy();
    inWork += 1;
    try {
      return await running().run(task, { signal });
    } finally {
      inWork -= 1;
    }
  }

  return {
    recogniseRaw: async (image) => (await run({ kind: 'recogniseRaw', image })) as Recognition,
    readRaw: async (image) => (await run({ kind: 'readRaw', image })) as ScreenshotText,
    async read(image, options = {}) {
      const { text, confidence } = (await run(
        { kind: 'read', image: new Uint8Array(image.buffer, image.byteOffset, image.length) },
        options.signal,
      )) as ScreenshotText;
      return { text, confidence };
    },
    async close() {
      const open = pool;
      pool = null;
      await open?.destroy();
    },
  };
}
