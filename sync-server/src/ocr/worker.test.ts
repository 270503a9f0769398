import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeForReading, MAX_READ_PIXELS, readingSize } from './worker';

describe('readingSize', () => {
  it('keeps a phone screenshot (even a tall one of 3.6 megapixels) at its own size', () => {
    expect(readingSize(1290, 2796)).toEqual({ width: 1290, height: 2796 });
    expect(readingSize(2000, 2000)).toEqual({ width: 2000, height: 2000 });
  });

  it('shrinks anything bigger to at most 4 megapixels, keeping its shape', () => {
    expect(readingSize(6300, 6300)).toEqual({ width: 2000, height: 2000 });
    const wide = readingSize(8000, 5000);
    expect(wide.width * wide.height).toBeLessThanOrEqual(MAX_READ_PIXELS);
    expect(wide.width / wide.height).toBeCloseTo(1.6, 2);
    // A scrolling screenshot keeps a width its text can still be read at.
    expect(readingSize(1170, 8000).width).toBeGreaterThan(700);
  });
});

describe('decodeForReading', () => {
  it('decodes a 6300 × 6300 PNG straight to 2000 × 2000 RGBA', async () => {
    const png = await sharp({
      create: { width: 6300, height: 6300, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const image = await decodeForReading(png);
    expect([image.width, image.height]).toEqual([2000, 2000]);
    expect(image.data.length).toBe(2000 * 2000 * 4);
  });

  it('turns an image by its EXIF orientation before sizing it', async () => {
    const jpeg = await sharp({
      create: { width: 8000, height: 1000, channels: 3, background: '#ffffff' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const image = await decodeForReading(jpeg);
    expect(image.height).toBeGreaterThan(image.width);
    expect(image.width * image.height).toBeLessThanOrEqual(MAX_READ_PIXELS);
  });
});
