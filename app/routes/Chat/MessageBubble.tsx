import type { ReactNode } from 'react';
import type { PersonaRef } from '@shared/chat';
import { Markdown } from '../../components/Markdown';
import { PersonaAvatar } from '../../components/ui/PersonaAvatar';
import type { ChatItem } from './chatItems';
import { CrisisResources } from './CrisisResources';
import { HelpCard } from './HelpCard';
import { OcrBubble } from './OcrBubble';
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
}

/** One row of the conversation, drawn by its kind. */
export function MessageBubble({ item, persona, onRetry, onUpgrade }: MessageBubbleProps) {
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
        <BestieRow persona={persona}>
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
      const body = <OcrBubble item={item} />;
      if (item.from === 'bestie') return <BestieRow persona={persona}>{body}</BestieRow>;
      return (
        <UserRow>
          {body}
          {item.pending && <PendingStatus />}
        </UserRow>
      );
    }
    case 'message':
      if (item.from === 'user') {
        return (
          <UserRow>
            <div className="chat-bubble chat-bubble--user">{item.text}</div>
          </UserRow>
        );
      }
      return (
        <BestieRow persona={persona}>
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

function UserRow({ children }: { children: ReactNode }) {
  return <div className="message-row message-row--user">{children}</div>;
}

/** A row on the bestie's side; `unsaved` marks the welcome and a reply still being written. */
export function BestieRow({
  persona,
  children,
  unsaved = false,
}: {
  persona: PersonaRef;
  children: ReactNode;
  unsaved?: boolean;
}) {
  return (
    <div className={`message-row message-row--bestie${unsaved ? ' message-row--unsaved' : ''}`}>
      <PersonaAvatar persona={persona} size={32} />
      <div className="message-row__body">{children}</div>
    </div>
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
