/**
 * Screenshot reading: the shapes the device (tesseract.js in a web worker) and the
 * server (tesseract.js in Node) share, so both run the same preprocessing and layout code.
 * No I/O here: images are plain pixel buffers.
 */

/** Pixels, row by row, 4 bytes (R, G, B, A) each, as ImageData and sharp's raw output give them. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One line a recogniser read, with where it is in the image it was given. */
export interface OcrLine {
  text: string;
  /** 0 to 1. */
  confidence: number;
  bbox: Box;
}

export interface Recognition {
  text: string;
  /** 0 to 1. */
  confidence: number;
  lines: OcrLine[];
}

/** A recogniser (a tesseract.js worker on either side) reading one prepared image. */
export type Recognise = (image: RgbaImage) => Promise<Recognition>;

/** What reading a screenshot gives: `Them:`/`Me:` labels where chat bubbles were found. */
export interface ScreenshotText {
  text: string;
  /** 0 to 1, from the recogniser. */
  confidence: number;
  /** How many chat bubbles were found (0 = read as a plain image). */
  bubbles: number;
}
