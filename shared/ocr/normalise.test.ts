import { describe, expect, it } from 'vitest';
import { normaliseRegion } from './normalise';
import type { Region } from './regions';
import { blankImage, bubble } from './testImages';
import type { Rgb } from './pixels';
import type { Box } from './types';

const WHITE = [255, 255, 255] as const;
const BLACK = [0, 0, 0] as const;
const BOX: Box = { x0: 0, y0: 0, x1: 60, y1: 40 };

function normalised(fill: Rgb, ink: Rgb, page: Rgb) {
  const image = blankImage(60, 40, page);
  bubble(image, BOX, { fill, ink, page });
  const region: Region = { kind: 'bubble', box: BOX, fill, side: 'them' };
  const grey = normaliseRegion(image, region);
  return (x: number, y: number) => grey.data[y * grey.width + x];
}

describe('normaliseRegion', () => {
  it.each([
    ['white on blue', [11, 132, 254], WHITE, WHITE],
    ['white on dark grey (dark mode)', [38, 38, 40], WHITE, BLACK],
    ['black on yellow', [255, 214, 10], [28, 28, 30], [242, 242, 247]],
    ['black on light grey', [233, 233, 235], BLACK, WHITE],
  ] as const)('makes %s black text on white', (_name, fill, ink, page) => {
    const at = normalised(fill, ink, page);
    expect(at(30, 20)).toBe(0); // the ink bar
    expect(at(5, 20)).toBe(255); // the fill
    expect(at(1, 1)).toBe(255); // outside the rounded corner: page, whatever its colour
  });

  it('reads a full-width panel against its own fill, not the page', () => {
    const fill = [11, 132, 254] as const;
    const image = blankImage(60, 40, WHITE);
    bubble(image, BOX, { fill, ink: WHITE, page: WHITE });
    const grey = normaliseRegion(image, { kind: 'panel', box: BOX, fill });
    expect(grey.data[20 * 60 + 30]).toBe(0);
    expect(grey.data[20 * 60 + 5]).toBe(255);
    expect(grey.data[60 + 1]).toBe(255);
  });

  it('keeps antialiased edges grey in proportion, so strokes keep their shape', () => {
    const fill = [11, 132, 254] as const;
    const image = blankImage(3, 1, fill);
    const half = [133, 193, 254] as const; // half way from blue to white
    image.data.set([...half, 255], 4);
    image.data.set([...WHITE, 255], 8);
    const grey = normaliseRegion(image, {
      kind: 'text',
      box: { x0: 0, y0: 0, x1: 3, y1: 1 },
      fill,
    });
    expect(grey.data[0]).toBe(255);
    expect(grey.data[1]).toBeGreaterThan(80);
    expect(grey.data[1]).toBeLessThan(160);
    expect(grey.data[2]).toBe(0);
  });

  it('gives an empty bubble as plain white', () => {
    const fill = [52, 199, 89] as const;
    const image = blankImage(20, 20, fill);
    const box = { x0: 0, y0: 0, x1: 20, y1: 20 };
    const grey = normaliseRegion(image, { kind: 'bubble', box, fill, side: 'me' });
    expect(new Set(grey.data)).toEqual(new Set([255]));
  });
});
