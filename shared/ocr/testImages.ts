/**
 * Synthetic pixel buffers for the unit tests: flat rectangles, no fonts, so a test states its
 * geometry exactly. (Real rendered text is tested in sync-server/src/ocr/reader.test.ts.)
 */
import type { Box, RgbaImage } from './types';
import type { Rgb } from './pixels';

export function blankImage(width: number, height: number, colour: Rgb): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let index = 0; index < width * height; index += 1) {
    data.set([colour[0], colour[1], colour[2], 255], index * 4);
  }
  return { width, height, data };
}

export function paint(image: RgbaImage, box: Box, colour: Rgb): RgbaImage {
  for (let y = box.y0; y < box.y1; y += 1) {
    for (let x = box.x0; x < box.x1; x += 1) {
      image.data.set([colour[0], colour[1], colour[2], 255], (y * image.width + x) * 4);
    }
  }
  return image;
}

/**
 * A bubble: a filled box with square corners cut out and a thin "text" bar across the middle
 * of each line, so the fill stays the dominant colour as it is in a real bubble.
 */
export function bubble(
  image: RgbaImage,
  box: Box,
  colours: { fill: Rgb; ink: Rgb; page: Rgb },
  lines = 1,
  barHeight = 3,
): RgbaImage {
  paint(image, box, colours.fill);
  const corner = 4;
  for (const [x, y] of [
    [box.x0, box.y0],
    [box.x1 - corner, box.y0],
    [box.x0, box.y1 - corner],
    [box.x1 - corner, box.y1 - corner],
  ] as const) {
    paint(image, { x0: x, y0: y, x1: x + corner, y1: y + corner }, colours.page);
  }
  const lineHeight = Math.floor((box.y1 - box.y0 - 16) / lines);
  for (let line = 0; line < lines; line += 1) {
    const middle = box.y0 + 8 + line * lineHeight + Math.floor(lineHeight / 2);
    const y0 = middle - Math.floor(barHeight / 2);
    paint(image, { x0: box.x0 + 10, y0, x1: box.x1 - 10, y1: y0 + barHeight }, colours.ink);
  }
  return image;
}

/** Text-like ink on the page: 2 px strokes every 5 px, so it covers well under half its box. */
export function strokes(image: RgbaImage, box: Box, colour: Rgb): RgbaImage {
  for (let x = box.x0; x + 2 <= box.x1; x += 5) {
    paint(image, { x0: x, y0: box.y0, x1: x + 2, y1: box.y1 }, colour);
  }
  return image;
}
