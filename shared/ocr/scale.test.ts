import { describe, expect, it } from 'vitest';
import { MAX_LINE_HEIGHT, MIN_LINE_HEIGHT, lineHeight, resize, textScale } from './scale';
import type { GreyImage } from './pixels';

/** White, with black bands of `height` rows every `pitch` rows. */
function lines(height: number, pitch: number, count: number): GreyImage {
  const width = 50;
  const data = new Uint8Array(width * pitch * count).fill(255);
  for (let line = 0; line < count; line += 1) {
    data.fill(0, line * pitch * width + 2 * width, (line * pitch + 2 + height) * width);
  }
  return { width, height: pitch * count, data };
}

describe('small text', () => {
  it('measures the height of text lines', () => {
    expect(lineHeight(lines(11, 18, 3))).toBe(11);
    expect(lineHeight(lines(40, 60, 2))).toBe(40);
  });

  it('enlarges small text, reduces big text and leaves the rest alone', () => {
    expect(textScale(MIN_LINE_HEIGHT)).toBe(1);
    expect(textScale(MAX_LINE_HEIGHT)).toBe(1);
    expect(textScale(11)).toBe(1.25);
    expect(textScale(8)).toBe(1.75);
    expect(textScale(3)).toBe(3);
    expect(textScale(41)).toBe(0.75);
    expect(textScale(50)).toBe(0.5);
    expect(textScale(200)).toBe(0.5);
    expect(textScale(0)).toBe(1);
  });

  it('resizes, keeping black black and white white', () => {
    const image = lines(10, 20, 1);
    const bigger = resize(image, 1.5);
    expect([bigger.width, bigger.height]).toEqual([75, 30]);
    expect(bigger.data[10 * 75 + 30]).toBe(0);
    expect(bigger.data[28 * 75 + 30]).toBe(255);
    expect(lineHeight(bigger)).toBeGreaterThanOrEqual(14);
    expect(resize(image, 1)).toBe(image);
    const halved = resize(lines(40, 60, 1), 0.5);
    expect(lineHeight(halved)).toBe(20);
  });
});
