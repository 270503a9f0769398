/**
 * Image bytes for the recogniser. tesseract.js takes encoded files, not pixels; a binary PGM
 * (a 15-byte header and the grey bytes) costs nothing to make on either side, where PNG
 * would need a compressor, and Leptonica reads it directly.
 */
import type { RgbaImage } from './types';
import type { GreyImage } from './pixels';

export function greyToRgba(image: GreyImage): RgbaImage {
  const data = new Uint8ClampedArray(image.width * image.height * 4);
  for (let index = 0; index < image.data.length; index += 1) {
    const value = image.data[index] ?? 255;
    data[index * 4] = value;
    data[index * 4 + 1] = value;
    data[index * 4 + 2] = value;
    data[index * 4 + 3] = 255;
  }
  return { width: image.width, height: image.height, data };
}

/** A binary PGM (P5) of the image's luminance, for `worker.recognize(bytes)`. */
export function encodePgm(image: RgbaImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  const bytes = new Uint8Array(header.length + image.width * image.height);
  bytes.set(header);
  const { data } = image;
  for (let index = 0; index < image.width * image.height; index += 1) {
    const offset = index * 4;
    bytes[header.length + index] = Math.round(
      0.299 * (data[offset] ?? 0) +
        0.587 * (data[offset + 1] ?? 0) +
        0.114 * (data[offset + 2] ?? 0),
    );
  }
  return bytes;
}
