/**
 * Tells chat bubbles from text on the page. A bubble is a block mostly covered by one fill
 * colour that is not the page's; which edge it hugs says who sent it (left: them, right: me).
 * A block like that spanning nearly the whole width is a panel (a card, a banner, a very wide
 * bubble): read against its own fill, but unlabelled.
 */
import type { Box, RgbaImage } from './types';
import { distance2, dominantColour, wholeImage } from './pixels';
import type { Rgb } from './pixels';
import { BACKGROUND_TOLERANCE, findBlocks, foregroundMask } from './segment';

export type Side = 'them' | 'me';

export type Region =
  | { kind: 'bubble'; box: Box; fill: Rgb; side: Side }
  | { kind: 'panel'; box: Box; fill: Rgb }
  | { kind: 'text'; box: Box; fill: Rgb };

/** A fill must cover this share of its block: a line of text on the page covers far less. */
const MIN_FILL_SHARE = 0.5;
/** Bubbles leave room on the other side; a block wider than this is a card or a banner. */
const MAX_BUBBLE_WIDTH = 0.85;

/** The page colour: the most common colour, sampled on a grid (every 4th pixel each way). */
export function estimateBackground(image: RgbaImage): Rgb {
  return dominantColour(image, wholeImage(image), 4).colour;
}

function area(box: Box): number {
  return (box.x1 - box.x0) * (box.y1 - box.y0);
}

export function classifyBlock(image: RgbaImage, box: Box, background: Rgb): Region {
  const width = box.x1 - box.x0;
  const height = box.y1 - box.y0;
  // A few thousand samples find a fill as well as every pixel would.
  const step = Math.max(1, Math.floor(Math.sqrt(area(box) / 4000)));
  const { colour, share } = dominantColour(image, box, step);
  const standsOut = distance2(colour, background) > BACKGROUND_TOLERANCE ** 2;
  if (!standsOut || share < MIN_FILL_SHARE || height < 12 || width < 24) {
    return { kind: 'text', box, fill: background };
  }
  if (width > image.width * MAX_BUBBLE_WIDTH) return { kind: 'panel', box, fill: colour };
  const side: Side = box.x0 <= image.width - box.x1 ? 'them' : 'me';
  return { kind: 'bubble', box, fill: colour, side };
}

/** Screenshots at 2x and 3x are segmented on every other pixel; smaller ones on all. */
const SUBSAMPLE_FROM_WIDTH = 700;

/** Every block worth reading, top to bottom; specks smaller than 4x4 px are dropped. */
export function findRegions(image: RgbaImage, background: Rgb): Region[] {
  const step = image.width >= SUBSAMPLE_FROM_WIDTH ? 2 : 1;
  const mask = foregroundMask(image, background, step);
  return findBlocks(mask, image)
    .filter((box) => box.x1 - box.x0 >= 4 && box.y1 - box.y0 >= 4)
    .map((box) => classifyBlock(image, box, background));
}
