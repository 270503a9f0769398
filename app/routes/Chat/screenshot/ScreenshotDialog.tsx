import './screenshot.css';
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import type { AnalysisType } from '@shared/chat';
import { afterPaint } from '../../../components/afterScreen';
import { Dialog, DialogContent } from '../../../components/ui/Dialog';
import { warmUpReader } from '../../../ocr';
import { AnalysisOptions } from './AnalysisOptions';
import { DropZone } from './DropZone';
import { OcrResult } from './OcrResult';
import { useScreenshotReader, type EnhancedResult } from './useScreenshotReader';

/** What 'Use this text' hands to the chat. */
export interface ScreenshotPick {
  text: string;
  image: Blob;
  analysisType: AnalysisType;
  /** The server's analysis, when she has it. */
  enhanced: EnhancedResult | null;
  /** 0 to 1. */
  confidence: number;
}

interface ScreenshotDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** An image pasted or shared into the chat: read as soon as the dialog opens. */
  image: Blob | null;
  onUse: (pick: ScreenshotPick) => void;
  /** Where focus goes once 'Use this text' closes it (her message box, to ask her question). */
  focusAfterUse?: RefObject<HTMLElement | null>;
}

/** 'Upload Screenshot' (spec §2, §4): pick or drop an image, read it, check it, use it. */
export function ScreenshotDialog(props: ScreenshotDialogProps) {
  const { open, onOpenChange, image, onUse, focusAfterUse } = props;
  const { state, read, edit, reset } = useScreenshotReader();
  const used = useRef(false);
  const [enhanced, setEnhanced] = useState(false);
  const [analysisType, setAnalysisType] = useState<AnalysisType>('general');
  const reading = state.status === 'reading';

  function close() {
    reset();
    setEnhanced(false);
    setAnalysisType('general');
    onOpenChange(false);
  }

  const readImage = (file: Blob) => void read(file, { enhanced, analysisType });

  // The reader's worker starts as the dialog opens, once it is drawn: while she picks an
  // image, its wasm and language data load, so a first read after install waits far less
  // (bench/HISTORY.md, ocr-first).
  useEffect(() => (open ? afterPaint(warmUpReader) : undefined), [open]);

  // A pasted or shared image is read the moment the dialog opens with it.
  const readGiven = useEffectEvent(readImage);
  useEffect(() => {
    if (open && image) readGiven(image);
  }, [open, image]);

  function use() {
    if (state.status !== 'read' || !state.text.trim()) return;
    const result = state.enhanced.kind === 'done' ? state.enhanced.result : null;
    used.current = true;
    onUse({
      text: state.text,
      image: state.image,
      analysisType,
      enhanced: result,
      confidence: state.confidence,
    });
    close();
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        title="Upload Screenshot"
        className="ocr-dialog"
        onOpenAutoFocus={() => {
          used.current = false;
        }}
        onCloseAutoFocus={(event) => {
          const target = used.current ? focusAfterUse?.current : null;
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <AnalysisOptions
          enhanced={enhanced}
          onEnhancedChange={setEnhanced}
          analysisType={analysisType}
          onAnalysisTypeChange={setAnalysisType}
          disabled={reading}
        />
        <DropZone onFile={readImage} disabled={reading} />
        {state.status === 'empty' && state.error && (
          <p className="ocr-result__error" role="alert">
            {state.error}
          </p>
        )}
        {state.status !== 'empty' && <OcrResult state={state} enhanced={enhanced} onEdit={edit} />}
        <button
          type="button"
          className="btn btn--primary ocr-dialog__use"
          disabled={state.status !== 'read' || !state.text.trim()}
          onClick={use}
        >
          Use this text
        </button>
      </DialogContent>
    </Dialog>
  );
}
