import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffImageFormat } from './sniff';

const pixel = () => sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } });

describe('sniffImageFormat', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes', async () => {
    expect(sniffImageFormat(await pixel().png().toBuffer())).toBe('png');
    expect(sniffImageFormat(await pixel().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageFormat(await pixel().gif().toBuffer())).toBe('gif');
    expect(sniffImageFormat(await pixel().webp().toBuffer())).toBe('webp');
  });

  it.each([
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['HTML', '<!doctype html><title>x</title>'],
    ['a RIFF that is not WebP', 'RIFF\u0000\u0000\u0000\u0000WAVEfmt '],
    ['nothing', ''],
    ['half a PNG signature', '\u0089PNG'],
  ])('says null for %s', (_name, text) => {
    expect(sniffImageFormat(Buffer.from(text, 'latin1'))).toBeNull();
  });
});
