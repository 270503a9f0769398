import type { ScreenshotText } from '@shared/ocr/types';
import type { OcrProgress } from './progress';

export type { OcrProgress } from './progress';

/**
 * Basic OCR on the device (issue 11). The heavy part (tesseract.js, its worker and wasm) is a
 * separate chunk, loaded the first time a screenshot is read: screens import only this file.
 */
export async function readScreenshotOnDevice(
  file: Blob,
  onProgress: (progress: OcrProgress) => void = () => {},
): Promise<ScreenshotText> {
  const { readOnDevice } = await import('./readOnDevice');
  return readOnDevice(file, onProgress);
}
