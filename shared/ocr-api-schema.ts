import { z } from 'zod';
import { ANALYSIS_TYPES, EXTRACTED_TEXT_MAX_LENGTH } from './chat';
import { ocrAnalysisSchema } from './chat-schema';

/** The screenshot API's schemas (spec §7); its paths, limits and words are in ./ocr-api. */

export const analysisTypeSchema = z.enum(ANALYSIS_TYPES).default('general');

/** The text fields of the multipart body (all optional; unknown fields are ignored). */
export const ocrFormSchema = z.object({
  analysisType: analysisTypeSchema,
  /** Only read by /api/ocr/upload?ocr=false: the text the device read. */
  text: z.string().max(EXTRACTED_TEXT_MAX_LENGTH).optional(),
});
export type OcrForm = z.input<typeof ocrFormSchema>;

/* Structured data per analysis type (`structuredData`, stored as a message's ocrStructuredData). */
export const receiptDataSchema = z.object({
  merchant: z.string().nullable(),
  date: z.string().nullable(),
  items: z.array(z.object({ name: z.string(), amount: z.number() })),
  total: z.number().nullable(),
  currency: z.string().nullable(),
});
export const businessCardDataSchema = z.object({
  name: z.string().nullable(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
});
export const documentDataSchema = z.object({
  title: z.string().nullable(),
  wordCount: z.number(),
  keyPoints: z.array(z.string()),
});
export const socialMediaDataSchema = z.object({
  hashtags: z.array(z.string()),
  mentions: z.array(z.string()),
  urls: z.array(z.string()),
  sentiment: z.string(),
});
/** `messages` when the text reads as a chat (`Them:` / `Me:` lines), else empty. */
export const generalDataSchema = z.object({
  wordCount: z.number(),
  messages: z.array(z.object({ from: z.enum(['them', 'me']), text: z.string() })),
});
export const structuredDataSchemas = {
  general: generalDataSchema,
  receipt: receiptDataSchema,
  'business-card': businessCardDataSchema,
  document: documentDataSchema,
  'social-media': socialMediaDataSchema,
} as const;
export type ReceiptData = z.infer<typeof receiptDataSchema>;
export type BusinessCardData = z.infer<typeof businessCardDataSchema>;
export type DocumentData = z.infer<typeof documentDataSchema>;
export type SocialMediaData = z.infer<typeof socialMediaDataSchema>;
export type GeneralData = z.infer<typeof generalDataSchema>;

const confidence = z.number().min(0).max(1);
const structuredData = z.record(z.string(), z.unknown());

/** 200 of POST /api/ocr. `analysis`/`structuredData` are null for a free user. */
export const ocrAnswerSchema = z.object({
  /** The text read (same as extractedText; both names are in the spec). */
  text: z.string(),
  extractedText: z.string(),
  /** 0 to 1, from the recogniser. */
  confidence,
  imageUrl: z.string(),
  analysisType: z.enum(ANALYSIS_TYPES),
  analysis: ocrAnalysisSchema.nullable(),
  structuredData: structuredData.nullable(),
});
export type OcrAnswer = z.infer<typeof ocrAnswerSchema>;

/** 200 of POST /api/ocr/enhanced (subscribers only). */
export const enhancedOcrAnswerSchema = z.object({
  extractedText: z.string(),
  analysis: ocrAnalysisSchema,
  structuredData,
  confidence,
  imageUrl: z.string(),
});
export type EnhancedOcrAnswer = z.infer<typeof enhancedOcrAnswerSchema>;

/** 201 of POST /api/ocr/upload. `enhancedResult` is null for a free user or with ?ocr=false. */
export const uploadAnswerSchema = z.object({
  text: z.string(),
  imageUrl: z.string(),
  enhancedResult: z.object({ analysis: ocrAnalysisSchema, structuredData, confidence }).nullable(),
});
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;
