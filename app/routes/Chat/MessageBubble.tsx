import { useState, type MouseEvent, type ReactNode } from 'react';
import type { PersonaRef } from '@shared/chat';
import { Markdown } from '../../components/Markdown';
import { lazyModule, useLazyModule } from '../../components/lazyModule';
import { PersonaAvatar } from '../../components/ui/PersonaAvatar';
import type { ChatItem } from './chatItems';
import { CrisisResources } from './CrisisResources';
import { HelpCard } from './HelpCard';
import { ClockIcon } from './icons';
import { AI_NOTE } from './welcome';
import { useSyncStore } from '../../sync/useSyncStore';

interface MessageBubbleProps {
  item: ChatItem;
  persona: PersonaRef;
  /** `byKeyboard`: pressed with Enter or Space (the button goes, and her focus with it). */
  onRetry: (id: string, byKeyboard: boolean) => void;
  /** The teaser's subscribe button; none while the chat is in care mode. */
  onUpgrade?: () => void;
  /** Under it: the newest reply's Copy and Regenerate, her last message's Edit. */
  footer?: ReactNode;
}

/** One row of the conversation, drawn by its kind. */
export function MessageBubble({ item, persona, onRetry, onUpgrade, footer }: MessageBubbleProps) {
  switch (item.kind) {
    case 'pending':
      return (
        <UserRow>
          <div className="chat-bubble chat-bubble--user chat-bubble--pending">{item.text}</div>
          <PendingStatus />
        </UserRow>
      );
    case 'failed':
      return (
        <UserRow>
          <div className="chat-bubble chat-bubble--user chat-bubble--failed">{item.text}</div>
          {/* Not an alert: the row mounts again as she scrolls; ReplyAnnouncer says it once. */}
          <div className="chat-bubble__error">
            <span>{item.failure}</span>
            <button
              type="button"
              className="btn btn--secondary"
              // A click with no pointer (detail 0) is Enter or Space.
              onClick={(event) => onRetry(item.id, event.detail === 0)}
            >
              Retry
            </button>
          </div>
        </UserRow>
      );
    case 'help':
      return <HelpCard situation={item.situation} countAs={item.id} />;
    case 'teaser':
      return (
        <BestieRow persona={persona} timestamp={item.timestamp} footer={footer}>
          <div className="chat-bubble chat-bubble--bestie">
            <Markdown text={item.text} />
            {onUpgrade && (
              <button type="button" className="btn btn--primary teaser-button" onClick={onUpgrade}>
                HEAR WHAT YOUR BESTIE HAS TO SAY...
              </button>
            )}
          </div>
          {/* The reply spoke of help: that part is never a teaser. */}
          {item.helpCard && <HelpCard situation={item.situation} countAs={`beside-${item.id}`} />}
        </BestieRow>
      );
    case 'ocr': {
      const body = <LazyOcrBubble item={item} />;
      if (item.from === 'bestie') {
        return (
          <BestieRow persona={persona} timestamp={item.timestamp}>
            {body}
          </BestieRow>
        );
      }
      return (
        <UserRow timestamp={item.pending ? undefined : item.timestamp}>
          {body}
          {item.pending && <PendingStatus />}
        </UserRow>
      );
    }
    case 'message':
      if (item.from === 'user') {
        return (
          <UserRow timestamp={item.timestamp}>
            <div className="chat-bubble chat-bubble--user">{item.text}</div>
            {footer}
          </UserRow>
        );
      }
      return (
        <BestieRow persona={persona} timestamp={item.timestamp} footer={footer}>
          <div
            className={
              item.crisis ? 'chat-bubble chat-bubble--crisis' : 'chat-bubble chat-bubble--bestie'
            }
          >
            <Markdown text={item.text} />
            {/* Not counted here: the server counted the crisis reply when it stored it. */}
            {item.crisis && <CrisisResources situation={item.situation} />}
            {item.greeting && <p className="chat-bubble__ai-note">{AI_NOTE}</p>}
          </div>
        </BestieRow>
      );
  }
}

/**
 * A screenshot's bubble (image, OCR result, analysis): only chats with a screenshot need it, so
 * it is no part of the chat's first load. Until it comes (from the app's cache, offline too),
 * her words hold its place.
 */
const ocrBubble = lazyModule(() => import('./OcrBubble'));

function LazyOcrBubble({ item }: { item: Extract<ChatItem, { kind: 'ocr' }> }) {
  const loaded = useLazyModule(ocrBubble, { now: true });
  if (loaded) return <loaded.OcrBubble item={item} />;
  return (
    <div className={`chat-bubble chat-bubble--${item.from} chat-bubble--ocr`}>{item.text}</div>
  );
}

/** When a message was sent, formatted: no part of the chat's first load, fetched on her first tap. */
const messageTime = lazyModule(() => import('./MessageTime'));

/**
 * A saved message's time, under it while she has it tapped (`timestamp`; none for a message
 * still on its way). A tap on a link, button or box in it does only its own thing, as does
 * selecting its text.
 */
function useTapForTime(timestamp: string | undefined) {
  const [shown, setShown] = useState(false);
  const time = useLazyModule(messageTime, { now: shown });
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a, button, textarea')) return;
    if (window.getSelection()?.isCollapsed === false) return;
    setShown(!shown);
  };
  const label = shown && time && timestamp && <time.MessageTime timestamp={timestamp} />;
  return { onClick: timestamp ? onClick : undefined, label };
}

function UserRow({ timestamp, children }: { timestamp?: string; children: ReactNode }) {
  const { onClick, label } = useTapForTime(timestamp);
  return (
    <div className="message-row message-row--user" onClick={onClick}>
      {children}
      {label}
    </div>
  );
}

/** A row on the bestie's side; `unsaved` marks the welcome and a reply still being written. */
export function BestieRow({
  persona,
  children,
  unsaved = false,
  timestamp,
  footer,
}: {
  persona: PersonaRef;
  children: ReactNode;
  unsaved?: boolean;
  timestamp?: string;
  footer?: ReactNode;
}) {
  const { onClick, label } = useTapForTime(timestamp);
  return (
    <>
      <div
        className={`message-row message-row--bestie${unsaved ? ' message-row--unsaved' : ''}`}
        onClick={onClick}
      >
        <PersonaAvatar persona={persona} size={32} />
        <div className="message-row__body">
          {children}
          {label}
        </div>
      </div>
      {/* Below the row, so her bestie's picture stays beside the reply. */}
      {footer}
    </>
  );
}

/** A clock on her message while it waits: sending now, or queued until she is back online. */
function PendingStatus() {
  const offline = useSyncStore((state) => state.status === 'offline');
  return (
    <p className="chat-bubble__status">
      <ClockIcon /> {offline ? 'Queued' : 'Sending…'}
    </p>
  );
}
