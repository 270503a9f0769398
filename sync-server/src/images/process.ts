import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { IMAGE_MAX_PIXELS, OCR_ERRORS } from '@shared/ocr-api';
import type { STORED_IMAGE_TYPES } from '@shared/ocr-api';
import { payloadTooLarge, unsupportedMediaType } from '../http/errors';
import { sniffImageFormat } from './sniff';

export type StoredFormat = keyof typeof STORED_IMAGE_TYPES;

export interface CleanImage {
  bytes: Buffer;
  format: StoredFormat;
  width: number;
  height: number;
}

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
