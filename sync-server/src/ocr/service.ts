import { EXTRACTED_TEXT_MAX_LENGTH } from '@shared/chat';
import type { AnalysisType } from '@shared/chat';
import { OCR_ERRORS } from '@shared/ocr-api';
import type { SubscriptionTier } from '@shared/user';
import { countReply } from '../replies/limit';
import type { Deps } from '../deps';
import { AppError, subscriptionRequired } from '../http/errors';
import { storeImage } from '../images/service';
import type { StoredImage } from '../images/service';
import { ocrBusy } from './admission';
import type { AnalysisResult } from './analyse/types';
import { OcrBusy } from './reader';

export const ocrFailed = () => new AppError(500, 'ocr_failed', OCR_ERRORS.failed);

export interface Reading {
  image: StoredImage;
  text: string;
  /** 0 to 1, from the recogniser. */
  confidence: number;
}

interface Viewer {
  userId: string;
  tier: SubscriptionTier;
}

/**
 * Enhanced analysis is for subscribers, and each one counts as a reply toward her hourly limit
 * (429 past it). Called before the upload is even read, so a refusal costs no OCR work.
 */
export async function allowAnalysis(deps: Deps, props: Viewer): Promise<void> {
  if (props.tier === 'free') throw subscriptionRequired(OCR_ERRORS.subscriptionRequired);
  await countReply(deps, { userId: props.userId, tier: props.tier, texts: [] });
}

/** Like allowAnalysis, for routes where analysis is a bonus: false instead of 403 or 429. */
export async function mayAnalyse(deps: Deps, props: Viewer): Promise<boolean> {
  try {
    await allowAnalysis(deps, props);
    return true;
  } catch (error) {
    if (error instanceof AppError && (error.status === 403 || error.status === 429)) return false;
    throw error;
  }
}

/**
 * Stores her image (checked and re-encoded) and reads its text with the app's one reader:
 * 503 busy when every OCR thread and queue place is taken. `gone` (she went away) stops the
 * read; nobody is left to answer, so that is not logged as a failure.
 */
export async function readImage(
  deps: Deps,
  props: { userId: string; upload: Buffer; gone?: AbortSignal },
): Promise<Reading> {
  const image = await storeImage(deps, { userId: props.userId, upload: props.upload });
  try {
    const { text, confidence } = await deps.ocr.read(image.bytes, { signal: props.gone });
    return { image, text: text.slice(0, EXTRACTED_TEXT_MAX_LENGTH), confidence };
  } catch (error) {
    if (error instanceof OcrBusy) throw ocrBusy();
    if (props.gone?.aborted) deps.logger.debug({ err: error }, 'OCR stopped: the client went away');
    else deps.logger.error({ err: error }, 'OCR failed');
    throw ocrFailed();
  }
}

/** Analyses what was read; a model that takes images also sees the (re-encoded) image. */
export function analyse(
  deps: Deps,
  props: { reading: Reading; type: AnalysisType },
): Promise<AnalysisResult> {
  const { bytes, row } = props.reading.image;
  return deps.analyser.analyse({
    text: props.reading.text,
    type: props.type,
    image: { bytes, mimeType: `image/${row.format}` },
  });
}
