import { useEffect, useRef } from 'react';
import type { PersonaRef } from '@shared/chat';
import { Markdown } from '../../components/Markdown';
import type { ChatItem } from './chatItems';
import { BestieRow, MessageBubble } from './MessageBubble';
import { AI_NOTE } from './welcome';

interface MessageListProps {
  items: ChatItem[];
  persona: PersonaRef;
  /** The welcome shown while the chat is empty. */
  welcome: string;
  /** A reply on its way: '' while she waits, then its text so far. */
  replyText: string | undefined;
  showAiReminder: boolean;
  onRetry: (id: string) => void;
  onUpgrade: () => void;
}

export function MessageList(props: MessageListProps) {
  const { items, persona, welcome, replyText, showAiReminder, onRetry, onUpgrade } = props;
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [items.length, replyText]);

  return (
    <div className="message-list" role="log" aria-live="polite" aria-label="Messages">
      {items.length === 0 && (
        <>
          <div className="message-list__empty">
            <p className="message-list__empty-title">No messages yet!</p>
            <p>Type a message below to start the conversation.</p>
          </div>
          <BestieRow persona={persona} unsaved>
            <div className="chat-bubble chat-bubble--bestie">
              <p className="md__p">{welcome}</p>
              <p className="chat-bubble__ai-note">{AI_NOTE}</p>
            </div>
          </BestieRow>
        </>
      )}
      {items.map((item) => (
        <MessageBubble
          key={item.id}
          item={item}
          persona={persona}
          onRetry={onRetry}
          onUpgrade={onUpgrade}
        />
      ))}
      {replyText !== undefined && (
        <BestieRow persona={persona} unsaved>
          {replyText === '' ? (
            <div
              className="chat-bubble chat-bubble--bestie typing"
              role="status"
              aria-label="Typing"
            >
              <span />
              <span />
              <span />
            </div>
          ) : (
            <div className="chat-bubble chat-bubble--bestie">
              <Markdown text={replyText} />
            </div>
          )}
        </BestieRow>
      )}
      {showAiReminder && (
        <p className="ai-reminder" role="note">
          You&apos;ve been chatting for a while, and that&apos;s okay. A gentle reminder: your
          bestie is an AI, not a person. Maybe take a little break, drink some water, and reach out
          to someone you trust too.
        </p>
      )}
      <div ref={end} />
    </div>
  );
}
