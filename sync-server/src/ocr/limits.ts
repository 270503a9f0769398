import { availableParallelism } from 'node:os';
import type { Limit } from '../http/rateLimit';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Images one user may send in an hour, over all three routes (each is decoded, re-encoded,
 * stored and usually read by tesseract: CPU and disk). Analysis also counts as a reply
 * (replies/limit.ts).
 */
export const imagesPerUser: Limit = { bucket: 'images-user', limit: 120, windowMs: HOUR_MS };

/**
 * Images one user may have in work at once (stored, read, analysed), over all three routes;
 * the next is refused with 503 busy until one ends. Two keep a device's upload and a second
 * read going; a script sending many at once only ever costs two reads.
 */
export const IMAGES_AT_ONCE_PER_USER = 2;

export interface OcrPoolSizes {
  /** Reads at once, each on its own thread with its own tesseract.js worker. */
  threads: number;
  /** Reads that may wait for a thread; one more is refused (503 busy). */
  queueLength: number;
}

/**
 * One core is left to the event loop and every other request (OCR_THREADS); a few reads wait
 * (OCR_QUEUE): a waiting read holds only its upload (10 MB at most), a running one 16 MB of
 * pixels more (a 40-megapixel upload is shrunk to 4 megapixels as it is decoded).
 */
export const defaultOcrPoolSizes = (): OcrPoolSizes => ({
  threads: Math.max(1, availableParallelism() - 1),
  queueLength: 8,
});
