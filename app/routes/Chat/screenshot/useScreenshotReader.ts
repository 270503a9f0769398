import { useEffect, useRef, useState } from 'react';
import type { AnalysisType } from '@shared/chat';
import type { EnhancedOcrAnswer } from '@shared/ocr-api';
import { analyseScreenshot } from '../../../http/ocr';
import { failureOf } from '../../../http/client';
import { readScreenshotOnDevice } from '../../../ocr';
import { UnreadableImageError } from '../../../ocr/unreadable';
import { toast } from '../../../state/useToastStore';

export const NOT_AN_IMAGE = 'Please select an image file (PNG, JPG, GIF)';
export const FAILED_TITLE = 'Failed to process image';
export const FAILED_FALLBACK = 'An error occurred while processing the image';
export const FAILED_IN_DIALOG = 'Failed to process your image. Please try again.';
export const SUBSCRIPTION_TITLE = 'Subscription Required';
export const SUBSCRIPTION_TEXT =
  'Enhanced OCR analysis is available with a subscription. Upgrade to access this feature.';

/** What the server's enhanced analysis gave (subscribers). */
export type EnhancedResult = EnhancedOcrAnswer;

/** Why there is no enhanced analysis beside the basic text. */
export type EnhancedOutcome =
  | { kind: 'off' }
  | { kind: 'done'; result: EnhancedResult }
  | { kind: 'subscription-required' }
  | { kind: 'unavailable' };

/** The dialog's one state (CONTRIBUTING.md §9). */
export type ReaderState =
  | { status: 'empty'; error: string | null }
  /** `progress` 0 to 1 while recognising; null while the reader starts (loading its files). */
  | { status: 'reading'; image: Blob; preview: string; progress: number | null }
  | {
      status: 'read';
      image: Blob;
      preview: string;
      text: string;
      confidence: number;
      enhanced: EnhancedOutcome;
    }
  | { status: 'failed'; image: Blob; preview: string };

export interface ReadOptions {
  enhanced: boolean;
  analysisType: AnalysisType;
}

const EMPTY: ReaderState = { status: 'empty', error: null };

async function enhancedOutcome(
  image: Blob,
  { enhanced, analysisType }: ReadOptions,
): Promise<EnhancedOutcome> {
  if (!enhanced) return { kind: 'off' };
  try {
    const answer = await analyseScreenshot(image, analysisType);
    return { kind: 'done', result: answer };
  } catch (error) {
    const failure = failureOf(error);
    if (failure.kind === 'refused' && failure.requiresSubscription) {
      return { kind: 'subscription-required' };
    }
    return { kind: 'unavailable' };
  }
}

/**
 * Reads a picked screenshot: on the device always (works offline), and on the server too when
 * enhanced analysis is on. A refused analysis still shows the device's text.
 */
export function useScreenshotReader() {
  const [state, setState] = useState<ReaderState>(EMPTY);
  // Each read has a number: the answer of a read she has since replaced or closed is dropped.
  const current = useRef(0);
  const preview = state.status === 'empty' ? null : state.preview;

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  async function read(image: Blob, options: ReadOptions) {
    const run = ++current.current;
    if (!image.type.startsWith('image/')) {
      setState({ status: 'empty', error: NOT_AN_IMAGE });
      return;
    }
    const preview = URL.createObjectURL(image);
    setState({ status: 'reading', image, preview, progress: null });
    const onProgress = ({ status, progress }: { status: string; progress: number }) => {
      if (run !== current.current || status !== 'recognizing text') return;
      setState((state) => (state.status === 'reading' ? { ...state, progress } : state));
    };
    const [device, enhanced] = await Promise.all([
      readScreenshotOnDevice(image, onProgress).then(
        (result) => result,
        (error: unknown) => error as Error,
      ),
      enhancedOutcome(image, options),
    ]);
    if (run !== current.current) return;
    if (enhanced.kind === 'subscription-required') {
      toast({ title: SUBSCRIPTION_TITLE, description: SUBSCRIPTION_TEXT });
    }
    if (device instanceof Error && enhanced.kind !== 'done') {
      console.error('OCR failed', device);
      const unreadable = device instanceof UnreadableImageError;
      toast({
        title: FAILED_TITLE,
        // The browser's decoder speaks of itself; she gets the spec's words.
        description: (!unreadable && device.message) || FAILED_FALLBACK,
        variant: 'destructive',
      });
      // A picture that cannot be drawn leaves no empty preview: the failure words take its place.
      setState(
        unreadable
          ? { status: 'empty', error: FAILED_IN_DIALOG }
          : { status: 'failed', image, preview },
      );
      return;
    }
    const fromDevice = device instanceof Error ? null : device;
    const fromServer = enhanced.kind === 'done' ? enhanced.result : null;
    setState({
      status: 'read',
      image,
      preview,
      text: fromDevice?.text || fromServer?.extractedText || '',
      confidence: fromServer?.confidence ?? fromDevice?.confidence ?? 0,
      enhanced,
    });
  }

  function edit(text: string) {
    setState((state) => (state.status === 'read' ? { ...state, text } : state));
  }

  function reset() {
    current.current += 1;
    setState(EMPTY);
  }

  return { state, read, edit, reset };
}
