import type { ScreenshotText } from '@shared/ocr/types';
import { decodeImage } from './decode';
import type { OcrProgress } from './progress';
import { deviceRecogniser } from './tesseract';

/**
 * Reads a screenshot on the device. Until the screenshot-aware pipeline (shared/ocr) is in,
 * the whole image is recognised plainly behind the same signature.
 */
export async function readOnDevice(
  file: Blob,
  onProgress: (progress: OcrProgress) => void,
): Promise<ScreenshotText> {
  const image = await decodeImage(file);
  const recognise = deviceRecogniser(onProgress);
  const { text, confidence } = await recognise(image);
  return { text, confidence, bubbles: 0 };
}
