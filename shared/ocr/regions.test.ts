import { describe, expect, it } from 'vitest';
import { estimateBackground, findRegions } from './regions';
import { blankImage, bubble, paint } from './testImages';

const WHITE = [255, 255, 255] as const;
const BLACK = [0, 0, 0] as const;
const GREY = [233, 233, 235] as const;
const BLUE = [11, 132, 254] as const;

describe('findRegions', () => {
  it('finds a grey bubble on the left as theirs and a blue one on the right as mine', () => {
    const image = blankImage(400, 200, WHITE);
    bubble(image, { x0: 10, y0: 10, x1: 200, y1: 70 }, { fill: GREY, ink: BLACK, page: WHITE });
    bubble(image, { x0: 180, y0: 100, x1: 390, y1: 160 }, { fill: BLUE, ink: WHITE, page: WHITE });
    const regions = findRegions(image, estimateBackground(image));
    expect(regions.map((region) => [region.kind, 'side' in region ? region.side : null])).toEqual([
      ['bubble', 'them'],
      ['bubble', 'me'],
    ]);
    expect(regions[0]?.box).toEqual({ x0: 10, y0: 10, x1: 200, y1: 70 });
  });

  it('finds dark grey bubbles on a black page (dark mode)', () => {
    const image = blankImage(400, 200, BLACK);
    const dark = [38, 38, 40] as const;
    bubble(image, { x0: 10, y0: 10, x1: 220, y1: 90 }, { fill: dark, ink: WHITE, page: BLACK }, 2);
    bubble(image, { x0: 150, y0: 110, x1: 390, y1: 180 }, { fill: BLUE, ink: WHITE, page: BLACK });
    const regions = findRegions(image, estimateBackground(image));
    expect(regions.map((region) => region.kind)).toEqual(['bubble', 'bubble']);
    expect(regions[0]?.fill.map(Math.round)).toEqual([38, 38, 40]);
  });

  it('reads text straight on the page as text, not as a bubble', () => {
    const image = blankImage(400, 100, WHITE);
    paint(image, { x0: 20, y0: 20, x1: 200, y1: 22 }, BLACK);
    paint(image, { x0: 20, y0: 20, x1: 22, y1: 40 }, BLACK);
    const regions = findRegions(image, estimateBackground(image));
    expect(regions.map((region) => region.kind)).toEqual(['text']);
  });

  it('takes a filled block nearly as wide as the image (a card, a banner) for a panel', () => {
    const image = blankImage(400, 100, WHITE);
    bubble(image, { x0: 5, y0: 10, x1: 395, y1: 60 }, { fill: BLUE, ink: WHITE, page: WHITE });
    const [region] = findRegions(image, estimateBackground(image));
    expect(region?.kind).toBe('panel');
    expect(region?.fill.map(Math.round)).toEqual([...BLUE]);
  });

  it('segments a 2x-wide screenshot on a subsampled grid without clipping the bubble', () => {
    const image = blankImage(800, 200, WHITE);
    bubble(image, { x0: 21, y0: 11, x1: 401, y1: 91 }, { fill: GREY, ink: BLACK, page: WHITE });
    const [region] = findRegions(image, estimateBackground(image));
    expect(region?.kind).toBe('bubble');
    expect(region?.box.x0).toBeLessThanOrEqual(21);
    expect(region?.box.x1).toBeGreaterThanOrEqual(401);
  });
});
