/**
 * Makes one region black text on white whatever its colours: white on blue, black on yellow,
 * white on dark grey all come out the same. Each pixel is placed on the line from the
 * region's fill colour to its ink colour (antialiasing mixes the two along that line), so
 * light-on-dark regions are inverted and coloured bubbles beside plain ones each get their own
 * contrast, which one global threshold cannot give. The loops are written out by hand: they
 * run over every pixel of every bubble, and a tuple per pixel would double the time.
 */
import type { RgbaImage } from './types';
import type { GreyImage, Rgb } from './pixels';
import type { Region } from './regions';
import { BACKGROUND_TOLERANCE } from './segment';

/** Slightly more than 1 so the core of a stroke is fully black despite antialiasing. */
const INK_GAIN = 1.2;

/** Squared RGB distance of every pixel of the region's box from its fill, row by row. */
export function fillDistances(image: RgbaImage, region: Region): Uint32Array {
  const { box, fill } = region;
  const width = box.x1 - box.x0;
  const distances = new Uint32Array(width * (box.y1 - box.y0));
  const { data } = image;
  for (let y = box.y0; y < box.y1; y += 1) {
    const row = (y - box.y0) * width;
    let offset = (y * image.width + box.x0) * 4;
    for (let x = 0; x < width; x += 1, offset += 4) {
      const dr = (data[offset] ?? 0) - fill[0];
      const dg = (data[offset + 1] ?? 0) - fill[1];
      const db = (data[offset + 2] ?? 0) - fill[2];
      distances[row + x] = dr * dr + dg * dg + db * db;
    }
  }
  return distances;
}

/**
 * Pixels of a bubble's (or panel's) box outside its rounded corners: reached from the box
 * edge without crossing the fill. Text sits inside the fill's padding, so it is never
 * reached. Text on the page has no fill to stay inside, so nothing is outside.
 */
export function outsideFill(region: Region, distances: Uint32Array): Uint8Array {
  const width = region.box.x1 - region.box.x0;
  const height = region.box.y1 - region.box.y0;
  const outside = new Uint8Array(width * height);
  if (region.kind === 'text') return outside;
  const limit = BACKGROUND_TOLERANCE ** 2;
  const stack: number[] = [];
  const visit = (index: number) => {
    if (outside[index] || (distances[index] ?? 0) <= limit) return;
    outside[index] = 1;
    stack.push(index);
  };
  for (let x = 0; x < width; x += 1) {
    visit(x);
    visit((height - 1) * width + x);
  }
  for (let y = 0; y < height; y += 1) {
    visit(y * width);
    visit(y * width + width - 1);
  }
  for (let index = stack.pop(); index !== undefined; index = stack.pop()) {
    const x = index % width;
    if (x > 0) visit(index - 1);
    if (x < width - 1) visit(index + 1);
    if (index >= width) visit(index - width);
    if (index < (height - 1) * width) visit(index + width);
  }
  return outside;
}

/**
 * The ink colour: the mean of the pixels farthest from the fill (beyond 80 % of the 99th
 * percentile distance), i.e. the cores of the strokes, not their antialiased edges.
 */
export function estimateInk(
  image: RgbaImage,
  region: Region,
  distances: Uint32Array,
  outside: Uint8Array,
): Rgb | null {
  const histogram = new Uint32Array(443);
  const limit = BACKGROUND_TOLERANCE;
  let inked = 0;
  for (let index = 0; index < distances.length; index += 1) {
    if (outside[index]) continue;
    const distance = Math.round(Math.sqrt(distances[index] ?? 0));
    if (distance <= limit) continue;
    histogram[distance] = (histogram[distance] ?? 0) + 1;
    inked += 1;
  }
  if (inked === 0) return null;
  let seen = 0;
  let p99 = 0;
  for (let distance = histogram.length - 1; distance >= 0 && seen < inked * 0.01; distance -= 1) {
    seen += histogram[distance] ?? 0;
    p99 = distance;
  }
  const floor = Math.max(limit, p99 * 0.8) ** 2;
  const { box } = region;
  const width = box.x1 - box.x0;
  let red = 0;
  let green = 0;
  let blue = 0;
  let count = 0;
  for (let index = 0; index < distances.length; index += 1) {
    if (outside[index] || (distances[index] ?? 0) < floor) continue;
    const x = box.x0 + (index % width);
    const y = box.y0 + Math.floor(index / width);
    const offset = (y * image.width + x) * 4;
    red += image.data[offset] ?? 0;
    green += image.data[offset + 1] ?? 0;
    blue += image.data[offset + 2] ?? 0;
    count += 1;
  }
  return count === 0 ? null : [red / count, green / count, blue / count];
}

/** The region as black ink on white paper, the size of its box. */
export function normaliseRegion(image: RgbaImage, region: Region): GreyImage {
  const { box, fill } = region;
  const width = box.x1 - box.x0;
  const height = box.y1 - box.y0;
  const out = new Uint8Array(width * height).fill(255);
  const distances = fillDistances(image, region);
  const outside = outsideFill(region, distances);
  const ink = estimateInk(image, region, distances, outside);
  if (!ink) return { width, height, data: out };
  const ar = ink[0] - fill[0];
  const ag = ink[1] - fill[1];
  const ab = ink[2] - fill[2];
  const length2 = ar * ar + ag * ag + ab * ab;
  if (length2 === 0) return { width, height, data: out };
  const scale = (255 * INK_GAIN) / length2;
  const { data } = image;
  for (let y = 0; y < height; y += 1) {
    let offset = ((box.y0 + y) * image.width + box.x0) * 4;
    for (let x = 0; x < width; x += 1, offset += 4) {
      const index = y * width + x;
      if (outside[index]) continue;
      const along =
        ((data[offset] ?? 0) - fill[0]) * ar +
        ((data[offset + 1] ?? 0) - fill[1]) * ag +
        ((data[offset + 2] ?? 0) - fill[2]) * ab;
      // Uint8Array clamps nothing, so clamp here: 0 = full ink, 255 = fill.
      out[index] = 255 - Math.min(255, Math.max(0, Math.round(along * scale)));
    }
  }
  return { width, height, data: out };
}
