import { describe, expect, it } from 'vitest';
import { stack, trimToInk } from './compose';
import type { GreyImage } from './pixels';

function grey(width: number, height: number, ink: [number, number][] = []): GreyImage {
  const data = new Uint8Array(width * height).fill(255);
  for (const [x, y] of ink) data[y * width + x] = 0;
  return { width, height, data };
}

describe('compose', () => {
  it('trims a region to its ink with a little white around it', () => {
    const trimmed = trimToInk(
      grey(40, 30, [
        [10, 10],
        [20, 15],
      ]),
      2,
    );
    expect([trimmed.width, trimmed.height]).toEqual([15, 10]);
    expect(trimmed.data[2 * 15 + 2]).toBe(0);
    expect(trimToInk(grey(10, 10), 2).width).toBe(0);
  });

  it('stacks regions top to bottom with white between them and says where each went', () => {
    const { canvas, placements } = stack([grey(20, 10, [[0, 0]]), grey(0, 0), grey(30, 5)]);
    expect(placements.map(({ top, bottom }) => [top, bottom])).toEqual([
      [8, 18],
      [30, 30],
      [42, 47],
    ]);
    expect([canvas.width, canvas.height]).toEqual([46, 55]);
    expect(canvas.data[8 * canvas.width + 8]).toBe(0);
  });
});
