/**
 * Finds the blocks of a screenshot that stand out from the page background, by cutting along
 * background rows, then background columns, then rows again (an XY cut). On a chat screenshot
 * each bubble is solid fill, so its rows never go blank and it comes out as one block; text
 * straight on the page comes out a line at a time.
 */
import type { Box, RgbaImage } from './types';
import type { Rgb } from './pixels';

/** Colours this close (RGB distance) to the background count as background. */
export const BACKGROUND_TOLERANCE = 14;

/**
 * 1 where a pixel differs from the background, else 0, on a grid of every `step`th pixel:
 * a 3x screenshot has 2 million pixels, and bubbles are found as well at half resolution.
 */
export function foregroundMask(image: RgbaImage, background: Rgb, step = 1): Mask {
  const { data } = image;
  const width = Math.ceil(image.width / step);
  const height = Math.ceil(image.height / step);
  const bits = new Uint8Array(width * height);
  const limit = BACKGROUND_TOLERANCE * BACKGROUND_TOLERANCE;
  const [br, bg, bb] = background;
  for (let y = 0; y < height; y += 1) {
    const sourceRow = y * step * image.width;
    for (let x = 0; x < width; x += 1) {
      const offset = (sourceRow + x * step) * 4;
      const dr = (data[offset] ?? 0) - br;
      const dg = (data[offset + 1] ?? 0) - bg;
      const db = (data[offset + 2] ?? 0) - bb;
      bits[y * width + x] = dr * dr + dg * dg + db * db > limit ? 1 : 0;
    }
  }
  return { width, height, step, bits };
}

/** A foreground mask and the grid it was sampled on. */
export interface Mask {
  width: number;
  height: number;
  step: number;
  bits: Uint8Array;
}

interface Run {
  start: number;
  end: number;
}

/** Runs of non-empty entries in a profile, joining runs separated by fewer than `minGap` empties. */
export function runs(profile: ArrayLike<number>, minGap: number): Run[] {
  const found: Run[] = [];
  let start = -1;
  let lastFilled = -1;
  for (let index = 0; index < profile.length; index += 1) {
    if ((profile[index] ?? 0) === 0) continue;
    if (start >= 0 && index - lastFilled - 1 >= minGap) {
      found.push({ start, end: lastFilled + 1 });
      start = index;
    }
    if (start < 0) start = index;
    lastFilled = index;
  }
  if (start >= 0) found.push({ start, end: lastFilled + 1 });
  return found;
}

function rowProfile(mask: Uint8Array, width: number, box: Box): Uint32Array {
  const profile = new Uint32Array(box.y1 - box.y0);
  for (let y = box.y0; y < box.y1; y += 1) {
    let count = 0;
    const row = y * width;
    for (let x = box.x0; x < box.x1; x += 1) count += mask[row + x] ?? 0;
    profile[y - box.y0] = count;
  }
  return profile;
}

function columnProfile(mask: Uint8Array, width: number, box: Box): Uint32Array {
  const profile = new Uint32Array(box.x1 - box.x0);
  for (let y = box.y0; y < box.y1; y += 1) {
    const row = y * width;
    for (let x = box.x0; x < box.x1; x += 1) {
      profile[x - box.x0] = (profile[x - box.x0] ?? 0) + (mask[row + x] ?? 0);
    }
  }
  return profile;
}

function cutRows(mask: Uint8Array, width: number, box: Box): Box[] {
  return runs(rowProfile(mask, width, box), 1).map((run) => ({
    ...box,
    y0: box.y0 + run.start,
    y1: box.y0 + run.end,
  }));
}

function cutColumns(mask: Uint8Array, width: number, box: Box, minGap: number): Box[] {
  return runs(columnProfile(mask, width, box), minGap).map((run) => ({
    ...box,
    x0: box.x0 + run.start,
    x1: box.x0 + run.end,
  }));
}

/**
 * Blocks in top-to-bottom, then left-to-right order, in image pixels. Columns closer than 4 %
 * of the width stay together, so the words of a line are one block; a left and a right bubble
 * at the same height are two. Boxes grow by one grid step each way, clamped to the image, so
 * a subsampled mask never clips an edge.
 */
export function findBlocks(mask: Mask, size: { width: number; height: number }): Box[] {
  const { bits, width, height, step } = mask;
  const columnGap = Math.max(8, Math.round(width * 0.04));
  const blocks: Box[] = [];
  for (const band of cutRows(bits, width, { x0: 0, y0: 0, x1: width, y1: height })) {
    for (const column of cutColumns(bits, width, band, columnGap)) {
      blocks.push(...cutRows(bits, width, column));
    }
  }
  const grow = step > 1 ? step : 0;
  return blocks
    .map((box) => ({
      x0: Math.max(0, box.x0 * step - grow),
      y0: Math.max(0, box.y0 * step - grow),
      x1: Math.min(size.width, box.x1 * step + grow),
      y1: Math.min(size.height, box.y1 * step + grow),
    }))
    .sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
}
