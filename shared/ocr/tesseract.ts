/**
 * A Recognise made from a tesseract.js worker, the same on both sides. Only the shape of
 * tesseract.js's result is named here (no import), so shared/ stays free of the library and
 * the browser bundle loads it only where the worker is made.
 */
import { encodePgm } from './encode';
import type { Box, OcrLine, Recognise, Recognition } from './types';

/** The part of tesseract.js's `Page` (from `recognize(image, {}, { blocks: true })`) we read. */
export interface TesseractPage {
  text: string;
  /** 0 to 100. */
  confidence: number;
  blocks: { paragraphs: { lines: { text: string; confidence: number; bbox: Box }[] }[] }[] | null;
}

const unit = (percent: number) => Math.max(0, Math.min(1, percent / 100));

/** Blocks -> paragraphs -> lines, flattened, confidences as 0 to 1. */
export function recognitionFromPage(page: TesseractPage): Recognition {
  const lines: OcrLine[] = (page.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line) => ({
        text: line.text.trim(),
        confidence: unit(line.confidence),
        bbox: { x0: line.bbox.x0, y0: line.bbox.y0, x1: line.bbox.x1, y1: line.bbox.y1 },
      })),
    ),
  );
  return { text: page.text.trim(), confidence: unit(page.confidence), lines };
}

/**
 * `read` gets the prepared image as PGM bytes and must ask for blocks, e.g.
 * `(bytes) => worker.recognize(bytes, {}, { blocks: true }).then((result) => result.data)`.
 */
export function tesseractRecogniser(read: (pgm: Uint8Array) => Promise<TesseractPage>): Recognise {
  return async (image) => recognitionFromPage(await read(encodePgm(image)));
}
