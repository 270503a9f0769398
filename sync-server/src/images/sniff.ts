import type { IMAGE_INPUT_FORMATS } from '@shared/ocr-api';

export type InputFormat = (typeof IMAGE_INPUT_FORMATS)[number];

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The image format its first bytes say (PNG, JPEG, GIF or WebP), or null. Names and
 * Content-Type headers are never asked: an HTML or SVG file called photo.png is null here.
 */
export function sniffImageFormat(bytes: Buffer): InputFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}
