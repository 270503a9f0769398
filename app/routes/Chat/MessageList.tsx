import { useEffect, useEffectEvent, useLayoutEffect, useRef, type RefObject } from 'react';
import type { PersonaRef } from '@shared/chat';
import { Markdown } from '../../components/Markdown';
import type { ChatItem } from './chatItems';
import { BestieRow, MessageBubble } from './MessageBubble';
import type { OlderMessages } from './useMessagePages';
import { AI_NOTE } from './welcome';

interface MessageListProps {
  items: ChatItem[];
  persona: PersonaRef;
  /** The welcome shown while the chat is empty. */
  welcome: string;
  /** A reply on its way: '' while she waits, then its text so far. */
  replyText: string | undefined;
  showAiReminder: boolean;
  /** Whether older messages can be read above the first one shown. */
  older: OlderMessages;
  onLoadOlder: () => void;
  onRetry: (id: string) => void;
  onUpgrade: () => void;
}

/** How far above the top of the list she may be before the page before is read. */
const READ_AHEAD = '400px';

export function MessageList(props: MessageListProps) {
  const { items, persona, welcome, replyText, showAiReminder, onRetry, onUpgrade } = props;
  const end = useRef<HTMLDivElement>(null);
  const newestId = items.at(-1)?.id;

  const { list, top } = useKeptPlace();
  useReadAhead(list, top, props.older, props.onLoadOlder);

  // On open, and when a message of hers or a reply comes in below; never for older ones above.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [newestId, replyText]);

  return (
    <div className="message-list" role="log" aria-live="polite" aria-label="Messages" ref={list}>
      <div className="message-list__older" ref={top}>
        {props.older !== 'none' && (
          <button
            type="button"
            className="message-list__load-older"
            aria-disabled={props.older === 'loading'}
            onClick={() => props.onLoadOlder()}
          >
            {props.older === 'loading' ? (
              <>
                <span className="message-list__loading-ring" aria-hidden="true" />
                Loading earlier messages…
              </>
            ) : (
              'Load earlier messages'
            )}
          </button>
        )}
      </div>
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

/**
 * Keeps her place when older messages come in above: the message that was first stays where
 * it was on screen. Checked after every render, before paint: whatever moved it (a page read
 * above it, the loading row changing), the list scrolls by as much. The list's own scroll
 * anchoring is off (chat.css) so no browser adds its own on top.
 */
function useKeptPlace() {
  const list = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ node: HTMLElement; offset: number } | null>(null);
  useLayoutEffect(() => {
    const kept = anchor.current;
    if (list.current && kept?.node.isConnected) {
      list.current.scrollTop += kept.node.offsetTop - kept.offset;
    }
    const first = top.current?.nextElementSibling;
    anchor.current = first instanceof HTMLElement ? { node: first, offset: first.offsetTop } : null;
  });
  return { list, top };
}

/**
 * Reads the page before when she scrolls near the top (a sentinel watched by an
 * IntersectionObserver); without one, the 'Load earlier messages' button does it. While a page
 * is read, the log is not a live region: older messages are not news to read out.
 */
function useReadAhead(
  list: RefObject<HTMLDivElement | null>,
  top: RefObject<HTMLElement | null>,
  older: OlderMessages,
  onLoadOlder: () => void,
) {
  const loadOlder = useEffectEvent(onLoadOlder);
  useEffect(() => {
    const root = list.current;
    const sentinel = top.current;
    if (older !== 'more' || !root || !sentinel || typeof IntersectionObserver === 'undefined') {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadOlder();
      },
      { root, rootMargin: `${READ_AHEAD} 0px 0px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [list, top, older]);

  useEffect(() => {
    const log = list.current;
    if (!log || older !== 'loading') return;
    log.setAttribute('aria-live', 'off');
    return () => {
      // Once the older page is in, the log speaks again for what comes in below.
      window.setTimeout(() => log.setAttribute('aria-live', 'polite'), 500);
    };
  }, [list, older]);
}
