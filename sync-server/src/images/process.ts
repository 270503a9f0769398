import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { IMAGE_MAX_PIXELS, OCR_ERRORS } from '@shared/ocr-api';
import type { STORED_IMAGE_TYPES } from '@shared/ocr-api';
import { payloadTooLarge, unsupportedMediaType } from '../http/errors';
import { createPixelBudget } from './pixelBudget';
import { sniffImageFormat } from './sniff';

export type StoredFormat = keyof typeof STORED_IMAGE_TYPES;

export interface CleanImage {
  bytes: Buffer;
  format: StoredFormat;
  width: number;
  height: number;
}

/**
 * Pixels re-encoded at once in this process: one image of the largest size allowed and a few
 * screenshots beside it. Without it, nine 40-megapixel uploads from nine users (as many as
 * the OCR routes admit by default on 2 cores) took the server to 1.3 GB.
 */
const cleaning = createPixelBudget(IMAGE_MAX_PIXELS * 1.2);

export const notAnImage = () => unsupportedMediaType(OCR_ERRORS.notAnImage);
export const tooManyPixels = () => payloadTooLarge(OCR_ERRORS.tooManyPixels);

/**
 * Checks an untrusted upload and re-encodes it: the format from its bytes (and libvips agreeing),
 * the size from its header before any pixel is decoded, then a fresh file with the EXIF
 * orientation applied and every piece of metadata (EXIF, GPS, XMP, ICC) left behind. A JPEG
 * (a photo) becomes WebP; anything else (screenshots) lossless PNG. Animated images keep
 * their first frame.
 */
export async function cleanImage(upload: Buffer): Promise<CleanImage> {
  const sniffed = sniffImageFormat(upload);
  if (!sniffed) throw notAnImage();
  let header: Metadata;
  try {
    // Reads the header only; no limit here, so a huge size is ours to refuse with its words.
    header = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (header.format !== sniffed || !header.width || !header.height) throw notAnImage();
  const height = header.pageHeight ?? header.height;
  if (header.width * height > IMAGE_MAX_PIXELS) throw tooManyPixels();

  const format: StoredFormat = sniffed === 'jpeg' ? 'webp' : 'png';
  return cleaning.run(header.width * height, () => reencode(upload, format));
}

async function reencode(upload: Buffer, format: StoredFormat): Promise<CleanImage> {
  try {
    const pipeline = sharp(upload, { limitInputPixels: IMAGE_MAX_PIXELS, pages: 1 }).rotate();
    const { data, info } = await (
      format === 'webp' ? pipeline.webp({ quality: 85 }) : pipeline.png({ compressionLevel: 6 })
    ).toBuffer({ resolveWithObject: true });
    return { bytes: data, format, width: info.width, height: info.height };
  } catch (error) {
    // A header that lied about its pixels, or a broken file: not an image we can use.
    if (/pixel limit/i.test(String((error as Error).message))) throw tooManyPixels();
    throw notAnImage();
  }
}
