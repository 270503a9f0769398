import type { RgbaImage } from '@shared/ocr/types';
import { UnreadableImageError } from './unreadable';

/** The picked file's pixels (PNG, JPEG, GIF's first frame, WebP), as the OCR pipeline takes them. */
export async function decodeImage(file: Blob): Promise<RgbaImage> {
  const bitmap = await createImageBitmap(file).catch((error: unknown) => {
    throw new UnreadableImageError(error);
  });
  try {
    const { width, height } = bitmap;
    const canvas =
      typeof OffscreenCanvas === 'undefined'
        ? Object.assign(document.createElement('canvas'), { width, height })
        : new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true }) as
      OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (!context) throw new Error('No 2D canvas');
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, width, height);
    return { width, height, data };
  } finally {
    bitmap.close();
  }
}
