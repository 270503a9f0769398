import { createWorker, OEM, type ImageLike, type Worker } from 'tesseract.js';
import { tesseractRecogniser } from '@shared/ocr/tesseract';
import type { Recognise } from '@shared/ocr/types';
import type { OcrProgress } from './progress';

/**
 * The one tesseract.js worker on this device, made on first use and reused. Loaded only by a
 * dynamic import when the screenshot dialog reads an image, so tesseract.js is never in the
 * landing page's JavaScript. Every file comes from our own origin (vite.config.ts copies them
 * to /ocr/): tesseract.js falls back to a CDN for any path left unset.
 */
const ocrUrl = (path: string) => new URL(`/ocr/${path}`, location.origin).href;

let worker: Promise<Worker> | null = null;
let listener: ((progress: OcrProgress) => void) | null = null;

/** The worker, started now if it is not yet (the dialog warms it up as it opens). */
export function startWorker(): Promise<Worker> {
  worker ??= createWorker('eng', OEM.LSTM_ONLY, {
    workerPath: ocrUrl('worker.min.js'),
    corePath: ocrUrl('core/'),
    langPath: ocrUrl('lang/'),
    gzip: true,
    logger: (message) => listener?.({ status: message.status, progress: message.progress }),
  }).catch((error: unknown) => {
    // Offline before the files were ever cached, say: the next try starts afresh.
    worker = null;
    throw error;
  });
  return worker;
}

/** A Recognise (shared/ocr/types.ts) on the device's worker; `onProgress` hears its progress. */
export function deviceRecogniser(onProgress: (progress: OcrProgress) => void): Recognise {
  // The prepared image goes to the worker as PGM bytes (no PNG encoding), read by Leptonica.
  return tesseractRecogniser(async (pgm) => {
    listener = onProgress;
    const ready = await startWorker();
    const { data } = await ready.recognize(pgm as unknown as ImageLike, {}, { blocks: true });
    return data;
  });
}
