/**
 * Brings text to the size the recogniser reads well and fast. On the fixtures, tesseract's
 * LSTM reads lines of 13 px and more (ascender to descender) without errors but drops letters
 * and punctuation below that (as in a screenshot downscaled to 1x), and enlarging them a
 * little brings those back, so small text is enlarged, only just enough: every added pixel
 * costs time, and the budget is 1.5x plain.
 * Big text (a 3x screenshot: 40-50 px lines) reads as well at half the size and the page
 * analysis before the LSTM costs by the pixel, so it is halved, which reads it faster.
 */
import type { GreyImage } from './pixels';
import { runs } from './segment';

/** Text lines shorter than this (ascender to descender, px) are enlarged to about this. */
export const MIN_LINE_HEIGHT = 13;
/** Text lines taller than this are reduced to about REDUCED_LINE_HEIGHT... */
export const MAX_LINE_HEIGHT = 40;
const REDUCED_LINE_HEIGHT = 32;
/** ...but never below half size (a 2x2 average with bilinear; smaller steps would alias). */
const MIN_SCALE = 0.5;
const MAX_SCALE = 3;

/** The median height of the ink rows' runs: about one text line's height. */
export function lineHeight(image: GreyImage): number {
  const profile = new Uint32Array(image.height);
  for (let y = 0; y < image.height; y += 1) {
    let count = 0;
    for (let x = 0; x < image.width; x += 1) {
      if ((image.data[y * image.width + x] ?? 255) < 128) count += 1;
    }
    profile[y] = count;
  }
  const heights = runs(profile, 2)
    .map((run) => run.end - run.start)
    .filter((height) => height >= 3)
    .sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
}

/** The factor, in quarter steps, that brings lines of this height into range (1 if they are). */
export function textScale(height: number): number {
  if (height === 0) return 1;
  if (height < MIN_LINE_HEIGHT) {
    return Math.min(MAX_SCALE, Math.ceil((MIN_LINE_HEIGHT / height) * 4) / 4);
  }
  if (height > MAX_LINE_HEIGHT) {
    return Math.max(MIN_SCALE, Math.floor((REDUCED_LINE_HEIGHT / height) * 4) / 4);
  }
  return 1;
}

/** Bilinear resize; bilinear keeps stroke edges smooth, which the LSTM prefers to blocky pixels. */
export function resize(image: GreyImage, factor: number): GreyImage {
  if (factor === 1) return image;
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  const data = new Uint8Array(width * height);
  const { data: source, width: sourceWidth, height: sourceHeight } = image;
  for (let y = 0; y < height; y += 1) {
    const sy = Math.min(sourceHeight - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(sourceHeight - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width; x += 1) {
      const sx = Math.min(sourceWidth - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(sourceWidth - 1, x0 + 1);
      const fx = sx - x0;
      const top =
        (source[y0 * sourceWidth + x0] ?? 255) * (1 - fx) +
        (source[y0 * sourceWidth + x1] ?? 255) * fx;
      const bottom =
        (source[y1 * sourceWidth + x0] ?? 255) * (1 - fx) +
        (source[y1 * sourceWidth + x1] ?? 255) * fx;
      data[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width, height, data };
}
