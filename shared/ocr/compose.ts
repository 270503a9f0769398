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

const MARGIN = 16;
/** White between regions, so the recogniser never joins lines of two bubbles. */
const GAP = 24;

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
