import type { AnalysisType } from '@shared/chat';
import {
  ENHANCED_OCR_PATH,
  IMAGE_FIELD,
  OCR_UPLOAD_PATH,
  SKIP_OCR_QUERY,
  type EnhancedOcrAnswer,
  type UploadAnswer,
} from '@shared/ocr-api';
import { apiJson } from './client';

/** Enhanced analysis of a screenshot on the server (subscribers; a free user gets a 403). */
export function analyseScreenshot(
  image: Blob,
  analysisType: AnalysisType,
): Promise<EnhancedOcrAnswer> {
  const form = new FormData();
  form.append(IMAGE_FIELD, image, fileNameOf(image));
  form.append('analysisType', analysisType);
  return apiJson<EnhancedOcrAnswer>('POST', ENHANCED_OCR_PATH, form);
}

/**
 * Stores an image the device already read (made offline), without reading it again on the
 * server. Only the sync engine calls this, before it pushes the message that shows it.
 */
export function uploadScreenshot(image: Blob, text: string): Promise<UploadAnswer> {
  const form = new FormData();
  form.append(IMAGE_FIELD, image, fileNameOf(image));
  form.append('text', text);
  return apiJson<UploadAnswer>('POST', `${OCR_UPLOAD_PATH}?${SKIP_OCR_QUERY}`, form);
}

/** The server recognises images by their bytes; the name is only a courtesy. */
function fileNameOf(image: Blob): string {
  if (image instanceof File && image.name) return image.name;
  return `screenshot.${image.type.split('/')[1] ?? 'png'}`;
}
