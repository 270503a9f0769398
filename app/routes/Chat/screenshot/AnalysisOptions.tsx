import * as Switch from '@radix-ui/react-switch';
import { ANALYSIS_TYPES, type AnalysisType } from '@shared/chat';

export const ANALYSIS_HINTS: Record<AnalysisType, string> = {
  general: 'General text extraction and analysis',
  receipt: 'Extract merchant, items and amounts',
  'business-card': 'Extract contact details',
  document: 'Analyze for key information and summary',
  'social-media': 'Analyze posts, hashtags and sentiment',
};

const LABELS: Record<AnalysisType, string> = {
  general: 'General',
  receipt: 'Receipt',
  'business-card': 'Business Card',
  document: 'Document',
  'social-media': 'Social Media',
};

interface AnalysisOptionsProps {
  enhanced: boolean;
  onEnhancedChange: (on: boolean) => void;
  analysisType: AnalysisType;
  onAnalysisTypeChange: (type: AnalysisType) => void;
  disabled: boolean;
}

/** The Enhanced Analysis switch and, when on, the Analysis Type with its hint (spec §2). */
export function AnalysisOptions(props: AnalysisOptionsProps) {
  const { enhanced, analysisType, disabled } = props;
  return (
    <div className="ocr-options">
      <div className="ocr-options__row">
        <label htmlFor="ocr-enhanced" className="ocr-options__label">
          Enhanced Analysis
        </label>
        <Switch.Root
          id="ocr-enhanced"
          className="switch"
          checked={enhanced}
          onCheckedChange={props.onEnhancedChange}
          disabled={disabled}
        >
          <Switch.Thumb className="switch__thumb" />
        </Switch.Root>
      </div>
      {enhanced && (
        <div className="ocr-options__type">
          <label htmlFor="ocr-analysis-type" className="ocr-options__label">
            Analysis Type
          </label>
          <select
            id="ocr-analysis-type"
            className="ocr-options__select"
            value={analysisType}
            disabled={disabled}
            aria-describedby="ocr-analysis-hint"
            onChange={(event) => props.onAnalysisTypeChange(event.target.value as AnalysisType)}
          >
            {ANALYSIS_TYPES.map((type) => (
              <option key={type} value={type}>
                {LABELS[type]}
              </option>
            ))}
          </select>
          <p id="ocr-analysis-hint" className="ocr-options__hint">
            {ANALYSIS_HINTS[analysisType]}
          </p>
        </div>
      )}
    </div>
  );
}
