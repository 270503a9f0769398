import type { ScreenshotText } from '@shared/ocr/types';
import type { OcrProgress } from './progress';

export type { OcrProgress } from './progress';

/**
 * Basic OCR on the device. The heavy part (tesseract.js, its worker and wasm) is a
 * separate chunk, loaded the first time a screenshot is read: screens import only this file.
 */
export async function readScreenshotOnDevice(
  file: Blob,
  onProgress: (progress: OcrProgress) => void = () => {},
): Promise<ScreenshotText> {
  const { readOnDevice } = await import('./readOnDevice');
  return readOnDevice(file, onProgress);
}

/**
 * Starts the worker (its script, the core wasm and the language data) without reading
 * anything: called as the screenshot dialog opens, so the first read after install does not
 * wait for all of that once she has picked her image. A failure (offline before
 * the files were cached) is left for the read itself to meet and report.
 */
export function warmUpReader(): void {
  import('./readOnDevice').then(({ warmUp }) => warmUp()).catch(() => undefined);
}
