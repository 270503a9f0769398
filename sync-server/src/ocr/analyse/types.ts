import type { AnalysisType, OcrAnalysis } from '@shared/chat';

/** What every analyser gives: the spec's analysis and the type's structured data. */
export interface AnalysisResult {
  analysis: OcrAnalysis;
  structuredData: Record<string, unknown>;
}

export interface AnalysisRequest {
  text: string;
  type: AnalysisType;
  /** Her image as stored (re-encoded), for a model that takes images. */
  image?: { bytes: Buffer; mimeType: string };
  signal?: AbortSignal;
}

/** A model (OpenAI-compatible) or the built-in rules; the model falls back to the rules. */
export interface Analyser {
  readonly name: 'openai' | 'rules';
  analyse(request: AnalysisRequest): Promise<AnalysisResult>;
}
