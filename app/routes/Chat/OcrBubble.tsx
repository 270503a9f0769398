import { useState } from 'react';
import type { ChatItem, EnhancedOcr } from './chatItems';
import { useMessageImage } from './useMessageImage';

type OcrItem = Extract<ChatItem, { kind: 'ocr' }>;

/** A screenshot message (spec §4): plain OCR shows the image and 'OCR Result'; enhanced adds the analysis. */
export function OcrBubble({ item }: { item: OcrItem }) {
  const image = useMessageImage(item.id, item.imageUrl);
  const extracted = item.extractedText ?? '';
  // Her words are the screenshot's text unless she wrote something of her own.
  const ownWords = item.text.trim() !== extracted.trim().slice(0, item.text.trim().length);
  return (
    <div className={`chat-bubble chat-bubble--${item.from} chat-bubble--ocr`}>
      {image && <img className="chat-bubble__image" src={image} alt="Screenshot" />}
      {item.enhanced ? (
        <EnhancedOcrBody enhanced={item.enhanced} extracted={extracted} />
      ) : (
        extracted && (
          <div className="chat-bubble__ocr">
            <p className="chat-bubble__ocr-title">OCR Result</p>
            <p className="chat-bubble__ocr-text">{extracted}</p>
          </div>
        )
      )}
      {ownWords && <p className="chat-bubble__ocr-text">{item.text}</p>}
    </div>
  );
}

function EnhancedOcrBody({ enhanced, extracted }: { enhanced: EnhancedOcr; extracted: string }) {
  const [open, setOpen] = useState(false);
  const { analysis, structuredData } = enhanced;
  return (
    <div className="chat-bubble__ocr">
      <p className="chat-bubble__ocr-title">Summary</p>
      <p className="chat-bubble__ocr-text">{analysis.summary}</p>
      <p className="chat-bubble__ocr-title">Extracted Text</p>
      <p className="chat-bubble__ocr-text">{extracted}</p>
      <button
        type="button"
        className="btn btn--secondary chat-bubble__details-toggle"
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? 'Hide Details' : 'Show Details'}
      </button>
      {open && (
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
