import { createWorker, OEM, type Block, type Worker } from 'tesseract.js';
import type { OcrLine, Recognise, Recognition, RgbaImage } from '@shared/ocr/types';
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

function theWorker(): Promise<Worker> {
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

function toCanvas(image: RgbaImage): OffscreenCanvas | HTMLCanvasElement {
  const pixels = new ImageData(new Uint8ClampedArray(image.data), image.width, image.height);
  const canvas =
    typeof OffscreenCanvas === 'undefined'
      ? Object.assign(document.createElement('canvas'), {
          width: image.width,
          height: image.height,
        })
      : new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d') as
    OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) throw new Error('No 2D canvas');
  context.putImageData(pixels, 0, 0);
  return canvas;
}

const linesOf = (blocks: Block[] | null): OcrLine[] =>
  (blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line) => ({
        text: line.text.trim(),
        confidence: line.confidence / 100,
        bbox: line.bbox,
      })),
    ),
  );

/** A Recognise (shared/ocr/types.ts) on the device's worker; `onProgress` hears its progress. */
export function deviceRecogniser(onProgress: (progress: OcrProgress) => void): Recognise {
  return async (image): Promise<Recognition> => {
    listener = onProgress;
    const ready = await theWorker();
    const { data } = await ready.recognize(toCanvas(image), {}, { blocks: true });
    return {
      text: data.text.trim(),
      confidence: Math.max(0, Math.min(1, data.confidence / 100)),
      lines: linesOf(data.blocks),
    };
  };
}
