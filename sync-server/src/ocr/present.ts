import type { AnalysisType } from '@shared/chat';
import { imageUrlOf } from '@shared/ocr-api';
import type { EnhancedOcrAnswer, OcrAnswer, UploadAnswer } from '@shared/ocr-api';
import type { AnalysisResult } from './analyse/types';
import type { Reading } from './service';

const round = (confidence: number) => Math.round(confidence * 1000) / 1000;

export function presentOcr(
  reading: Reading,
  analysisType: AnalysisType,
  result: AnalysisResult | null,
): OcrAnswer {
  return {
    text: reading.text,
    extractedText: reading.text,
    confidence: round(reading.confidence),
    imageUrl: imageUrlOf(reading.image.row.id),
    analysisType,
    analysis: result?.analysis ?? null,
    structuredData: result?.structuredData ?? null,
  };
}

export function presentEnhanced(reading: Reading, result: AnalysisResult): EnhancedOcrAnswer {
  return {
    extractedText: reading.text,
    analysis: result.analysis,
    structuredData: result.structuredData,
    confidence: round(reading.confidence),
    imageUrl: imageUrlOf(reading.image.row.id),
  };
}

export function presentUpload(
  upload: { imageId: string; text: string; confidence: number | null },
  result: AnalysisResult | null,
): UploadAnswer {
  return {
    text: upload.text,
    imageUrl: imageUrlOf(upload.imageId),
    enhancedResult:
      result && upload.confidence !== null
        ? {
            analysis: result.analysis,
            structuredData: result.structuredData,
            confidence: round(upload.confidence),
          }
        : null,
  };
}
