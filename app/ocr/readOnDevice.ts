import { readScreenshot } from '@shared/ocr/readScreenshot';
import type { ScreenshotText } from '@shared/ocr/types';
import { decodeImage } from './decode';
import type { OcrProgress } from './progress';
import { deviceRecogniser, startWorker } from './tesseract';

/**
 * Reads a screenshot on the device with the same screenshot-aware pipeline as the server
 * (shared/ocr: bubbles found, each made dark on light, 'Them:'/'Me:' in reading order).
 */
export async function readOnDevice(
  file: Blob,
  onProgress: (progress: OcrProgress) => void,
): Promise<ScreenshotText> {
  const image = await decodeImage(file);
  return readScreenshot(image, deviceRecogniser(onProgress));
}

/** The worker started and its language loaded, ready for the first read. */
export async function warmUp(): Promise<void> {
  await startWorker();
}
