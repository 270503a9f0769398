import type { ReaderState } from './useScreenshotReader';
import { FAILED_IN_DIALOG, SUBSCRIPTION_TEXT } from './useScreenshotReader';

const NO_TEXT = 'No text could be extracted';

/** The preview, the text she can edit, progress, the analysis and any notice. */
export function OcrResult({
  state,
  enhanced,
  onEdit,
}: {
  state: Exclude<ReaderState, { status: 'empty' }>;
  enhanced: boolean;
  onEdit: (text: string) => void;
}) {
  const read = state.status === 'read' ? state : null;
  const result = read?.enhanced.kind === 'done' ? read.enhanced.result : null;
  const showConfidence = enhanced && read !== null && (result !== null || read.text !== '');
  return (
    <div className="ocr-result">
      <img className="ocr-result__preview" src={state.preview} alt="Screenshot preview" />
      {state.status === 'reading' && (
        <progress
          className="ocr-result__progress"
          aria-label="Reading the screenshot"
          max={1}
          value={state.progress ?? undefined}
        />
      )}
      {state.status === 'failed' && (
        <p className="ocr-result__error" role="alert">
          {FAILED_IN_DIALOG}
        </p>
      )}
      {read?.enhanced.kind === 'subscription-required' && (
        <p className="ocr-notice ocr-notice--amber" role="status">
          {SUBSCRIPTION_TEXT}
        </p>
      )}
      {read?.enhanced.kind === 'unavailable' && (
        <p className="ocr-notice" role="status">
          Enhanced analysis is unavailable right now. Here is the text read on your device.
        </p>
      )}
      <label htmlFor="ocr-text" className="ocr-result__heading">
        Extracted Text
        {showConfidence && ` (${Math.round(read.confidence * 100)}% confidence)`}
      </label>
      <textarea
        id="ocr-text"
        className="ocr-result__text"
        rows={6}
        readOnly={!read}
        value={read ? read.text : ''}
        placeholder={state.status === 'reading' ? 'Processing...' : undefined}
        onChange={(event) => onEdit(event.target.value)}
      />
      {read && read.text === '' && <p className="ocr-result__empty">{NO_TEXT}</p>}
      {result && (
        <section className="ocr-result__summary" aria-labelledby="ocr-summary-heading">
          <h3 id="ocr-summary-heading">Analysis Summary</h3>
          <p>{result.analysis.summary}</p>
        </section>
      )}
    </div>
  );
}
