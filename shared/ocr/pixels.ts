/**
 * Colour helpers over RgbaImage. Distances are squared Euclidean in RGB: cheap, and text
 * antialiasing mixes fill and ink linearly in RGB, so distance along that line is meaningful.
 */
import type { Box, RgbaImage } from './types';

export type Rgb = readonly [number, number, number];

/** One byte per pixel, 0 = ink, 255 = paper: what the recogniser is given. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export function distance2(a: Rgb, b: Rgb): number {
  const dr = a[0] - b[0];
  const dg = a[1] - b[1];
  const db = a[2] - b[2];
  return dr * dr + dg * dg + db * db;
}

export function luminance([r, g, b]: Rgb): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

export function wholeImage(image: { width: number; height: number }): Box {
  return { x0: 0, y0: 0, x1: image.width, y1: image.height };
}

/** Colours this close count as the same fill: JPEG noise moves a flat fill by a few levels. */
export const SAME_FILL = 24;

/**
 * The most common colour in a box (4 bits per channel, then the mean of that bin so the answer
 * is the real colour), and the share of sampled pixels within SAME_FILL of it. Counting by
 * distance, not by bin, keeps a JPEG's fill whole when its noise straddles a bin edge.
 * `step` samples a grid: a fill needs no more than a few thousand pixels.
 */
export function dominantColour(
  image: RgbaImage,
  box: Box,
  step = 1,
): { colour: Rgb; share: number } {
  const counts = new Uint32Array(4096);
  const sums = new Float64Array(4096 * 3);
  const { data, width } = image;
  let total = 0;
  for (let y = box.y0; y < box.y1; y += step) {
    for (let x = box.x0; x < box.x1; x += step) {
      const offset = (y * width + x) * 4;
      const r = data[offset] ?? 0;
      const g = data[offset + 1] ?? 0;
      const b = data[offset + 2] ?? 0;
      const bin = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
      counts[bin] = (counts[bin] ?? 0) + 1;
      sums[bin * 3] = (sums[bin * 3] ?? 0) + r;
      sums[bin * 3 + 1] = (sums[bin * 3 + 1] ?? 0) + g;
      sums[bin * 3 + 2] = (sums[bin * 3 + 2] ?? 0) + b;
      total += 1;
    }
  }
  let best = 0;
  for (let bin = 1; bin < counts.length; bin += 1) {
    if ((counts[bin] ?? 0) > (counts[best] ?? 0)) best = bin;
  }
  const count = counts[best] ?? 0;
  if (count === 0) return { colour: [255, 255, 255], share: 0 };
  const colour: Rgb = [
    (sums[best * 3] ?? 0) / count,
    (sums[best * 3 + 1] ?? 0) / count,
    (sums[best * 3 + 2] ?? 0) / count,
  ];
  const limit = SAME_FILL * SAME_FILL;
  let near = 0;
  for (let y = box.y0; y < box.y1; y += step) {
    for (let x = box.x0; x < box.x1; x += step) {
      const offset = (y * width + x) * 4;
      const dr = (data[offset] ?? 0) - colour[0];
      const dg = (data[offset + 1] ?? 0) - colour[1];
      const db = (data[offset + 2] ?? 0) - colour[2];
      if (dr * dr + dg * dg + db * db <= limit) near += 1;
    }
  }
  return { colour, share: near / total };
}
