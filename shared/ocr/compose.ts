/**
 * Puts the normalised regions on one white canvas so the recogniser runs once (one call costs
 * far less than one per bubble) and remembers where each went, to map lines back.
 */
import type { GreyImage } from './pixels';

export interface Placement {
  /** Index of the region this band of the canvas holds. */
  region: number;
  top: number;
  bottom: number;
}

const MARGIN = 8;
/** White between regions, so the recogniser never joins lines of two bubbles (half a line is plenty). */
const GAP = 12;

/**
 * The part of a region holding ink, with `pad` px of white around it: a bubble's padding is
 * white the recogniser would otherwise scan for nothing.
 */
export function trimToInk(image: GreyImage, pad: number): GreyImage {
  let x0 = image.width;
  let y0 = image.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      if ((image.data[y * image.width + x] ?? 255) >= 128) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return { width: 0, height: 0, data: new Uint8Array(0) };
  x0 = Math.max(0, x0 - pad);
  y0 = Math.max(0, y0 - pad);
  x1 = Math.min(image.width, x1 + 1 + pad);
  y1 = Math.min(image.height, y1 + 1 + pad);
  const width = x1 - x0;
  const data = new Uint8Array(width * (y1 - y0));
  for (let y = y0; y < y1; y += 1) {
    data.set(image.data.subarray(y * image.width + x0, y * image.width + x1), (y - y0) * width);
  }
  return { width, height: y1 - y0, data };
}

/** Regions one under another, left-aligned, in the order given (reading order). */
export function stack(parts: GreyImage[]): { canvas: GreyImage; placements: Placement[] } {
  const width = Math.max(1, ...parts.map((part) => part.width)) + 2 * MARGIN;
  const height = parts.reduce((sum, part) => sum + part.height + GAP, 2 * MARGIN - GAP);
  const data = new Uint8Array(width * Math.max(1, height)).fill(255);
  const placements: Placement[] = [];
  let top = MARGIN;
  parts.forEach((part, region) => {
    for (let y = 0; y < part.height; y += 1) {
      const from = y * part.width;
      data.set(part.data.subarray(from, from + part.width), (top + y) * width + MARGIN);
    }
    placements.push({ region, top, bottom: top + part.height });
    top += part.height + GAP;
  });
  return { canvas: { width, height: Math.max(1, height), data }, placements };
}

/** Regions painted where they were, on a white page the image's size (keeps columns aligned). */
export function inPlace(
  size: { width: number; height: number },
  parts: { image: GreyImage; x: number; y: number }[],
): GreyImage {
  const data = new Uint8Array(size.width * size.height).fill(255);
  for (const { image, x, y } of parts) {
    for (let row = 0; row < image.height; row += 1) {
      const from = row * image.width;
      data.set(image.data.subarray(from, from + image.width), (y + row) * size.width + x);
    }
  }
  return { width: size.width, height: size.height, data };
}
