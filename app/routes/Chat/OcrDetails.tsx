import type { EnhancedOcr } from './chatItems';

/** An enhanced screenshot's details, once she asks to see them (OcrBubble's 'Show Details'). */
export function OcrDetails({
  analysis,
  structuredData,
}: Pick<EnhancedOcr, 'analysis' | 'structuredData'>) {
  return (
    <div className="chat-bubble__details">
      <DetailList title="Key Points" items={analysis.keyPoints} />
      <DetailList title="Entities" items={analysis.entities} />
      <p className="chat-bubble__ocr-title">Sentiment</p>
      <p className="chat-bubble__ocr-text">{analysis.sentiment}</p>
      {structuredData && Object.keys(structuredData).length > 0 && (
        <>
          <p className="chat-bubble__ocr-title">Structured Data</p>
          <dl className="chat-bubble__data">
            {Object.entries(structuredData).map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{shown(value)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </div>
  );
}

function DetailList({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <p className="chat-bubble__ocr-title">{title}</p>
      <ul className="chat-bubble__list">
        {items.map((entry, index) => (
          <li key={index}>{entry}</li>
        ))}
      </ul>
    </>
  );
}

/** A structured value in words: lists one per line, objects as "name: value". */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(shown).join('\n') || '—';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key}: ${shown(inner)}`)
      .join(', ');
  }
  return String(value);
}
