import { useState } from 'react';
import { afterScreenDrawn } from '../../components/afterScreen';
import { lazyModule, useLazyModule } from '../../components/lazyModule';
import { Spinner } from '../../components/ui/Spinner';
import type { ChatItem, EnhancedOcr } from './chatItems';
import { useMessageImage } from './useMessageImage';

type OcrItem = Extract<ChatItem, { kind: 'ocr' }>;

/** 'Show Details' (key points, entities, sentiment, structured data): shown only when she asks,
 * so fetched once the chat is drawn, no part of its first load. */
const ocrDetails = lazyModule(() => import('./OcrDetails'));

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
  const details = useLazyModule(ocrDetails, { now: open, later: afterScreenDrawn });
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
      {open &&
        (details ? (
          <details.OcrDetails analysis={analysis} structuredData={structuredData} />
        ) : (
          <Spinner label="Loading details" />
        ))}
    </div>
  );
}
