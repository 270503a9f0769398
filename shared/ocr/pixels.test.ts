import { describe, expect, it } from 'vitest';
import { dominantColour } from './pixels';
import { blankImage, paint } from './testImages';

describe('dominantColour', () => {
  it('keeps a noisy fill whole when its noise straddles a colour bin edge (JPEG)', () => {
    const image = blankImage(10, 10, [12, 130, 254]);
    paint(image, { x0: 0, y0: 0, x1: 4, y1: 10 }, [12, 126, 252]); // other side of 128
    paint(image, { x0: 0, y0: 0, x1: 10, y1: 2 }, [255, 255, 255]);
    const { colour, share } = dominantColour(image, { x0: 0, y0: 0, x1: 10, y1: 10 });
    expect(share).toBeCloseTo(0.8);
    expect(colour.map(Math.round)).toEqual([12, 130, 254]);
  });
});
