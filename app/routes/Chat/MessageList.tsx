import {
  defaultRangeExtractor,
  observeElementRect,
  useVirtualizer,
  type Range,
  type VirtualItem,
  type Virtualizer,
} from '@tanstack/react-virtual';
import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { PersonaRef } from '@shared/chat';
import { lazyModule, useLazyModule } from '../../components/lazyModule';
import { Markdown } from '../../components/Markdown';
import type { ChatItem } from './chatItems';
import { BestieRow, MessageBubble } from './MessageBubble';
import { estimatedHeight, rowsOf, type MessageRow } from './messageRows';
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
  onRetry: (id: string, byKeyboard: boolean) => void;
  /** A teaser's subscribe button; none while the chat is in care mode. */
  onUpgrade?: () => void;
  /** What goes under a row, by item id (the newest reply's actions, her last message's Edit). */
  footers?: Record<string, ReactNode>;
}

/** What a screen reader is told of new replies, and the way to a message a search result opens
 * the chat at: asked for as the list mounts, in well before any reply can come, no part of the
 * screen's first load. */
const replyAnnouncer = lazyModule(() => import('./messageListParts'));

/** How far above the top of the list she may be before the page before is read. */
const READ_AHEAD = '600px';
/** Within this many px of the bottom she is reading the newest: what comes in below follows. */
const AT_END_PX = 80;
/** Rows drawn beyond each edge of the screen, so a quick scroll never shows a gap. */
const OVERSCAN = 6;
/**
 * Without layout (a list with no height: not shown, or a test's DOM) nothing could be judged
 * near the screen: every row is drawn, as before the list was virtualised.
 */
const NO_LAYOUT_HEIGHT = 800;

/**
 * The conversation, virtualised: only the rows near the screen are in the DOM,
 * each measured as drawn, so a chat of ten thousand messages opens and scrolls like a short
 * one. It opens at the newest; her place stays put when older pages come in above
 * (TanStack Virtual's end anchoring: the row on screen keeps its position); what comes in
 * below follows only when she was at the bottom, and her own new message always does.
 */
export function MessageList(props: MessageListProps) {
  const { items, persona, replyText, showAiReminder } = props;
  const list = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const rowsBox = useRef<HTMLDivElement>(null);
  const rows = useMemo(
    () => rowsOf(items, replyText, showAiReminder),
    [items, replyText, showAiReminder],
  );
  const margin = useRowsMargin(rowsBox);
  const focused = useRef<string | null>(null);
  const noLayout = useRef(false);
  const announcer = useLazyModule(replyAnnouncer, { now: true });

  // Its instance is mutable by design (measurements, scroll state): nothing here memoises it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => list.current,
    // A teaser is drawn without its button in care mode: estimated so, or the end-anchored list
    // settles short of the end by the button's height when it comes in.
    estimateSize: (index) => estimatedHeight(rows[index] as MessageRow, Boolean(props.onUpgrade)),
    getItemKey: (index) => (rows[index] as MessageRow).key,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: AT_END_PX,
    overscan: OVERSCAN,
    scrollMargin: margin,
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) => {
        noLayout.current = rect.height === 0;
        onRect(noLayout.current ? { ...rect, height: NO_LAYOUT_HEIGHT } : rect);
      }),
    // The row holding her focus stays drawn (a Retry or upgrade button she tabbed to).
    rangeExtractor: (range: Range) =>
      noLayout.current
        ? Array.from({ length: range.count }, (_, index) => index)
        : withFocused(range, rows, focused.current),
  });

  // A row drawn for the first time above the one she was reading moves nothing under her,
  // even in the band below the list's top where 'Load earlier messages' was (the scroll
  // margin): TanStack's default only corrects rows above the very top of the list.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = keepRowsBelowStill;

  // Opens at the newest message.
  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
  }, [virtualizer]);

  // Her own new message goes to the bottom, wherever she was reading. A reply saved in place
  // of its stream is no row appended to TanStack: if she was reading the newest, it follows
  // once the row is measured too (it would settle short by the estimate's error).
  const newest = items.at(-1);
  const newestId = newest?.id;
  const hers = newest !== undefined && isHers(newest);
  const opened = useRef(newestId);
  const atEnd = useAtEnd(list);
  useLayoutEffect(() => {
    if (newestId === opened.current) return;
    opened.current = newestId;
    if (!hers && !atEnd.current) return;
    virtualizer.scrollToEnd();
    if (hers) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => virtualizer.scrollToEnd());
    });
    return () => cancelAnimationFrame(frame);
  }, [virtualizer, newestId, hers, atEnd]);

  useReadAhead(list, top, props.older, props.onLoadOlder);
  useEndKeptOnResize(list, virtualizer);

  function trackFocus(event: FocusEvent<HTMLDivElement>) {
    const row = (event.target as Element).closest<HTMLElement>('[data-index]');
    focused.current = row ? (rows[Number(row.dataset.index)]?.key ?? null) : null;
  }

  return (
    <>
      <div
        className="message-list"
        role="log"
        // Rows mount and unmount as she scrolls: the log is not live; ReplyAnnouncer speaks.
        aria-live="off"
        aria-label="Messages"
        ref={list}
        onFocus={trackFocus}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) focused.current = null;
        }}
      >
        <div className="message-list__older" ref={top}>
          {props.older === 'none' ? (
            // Its place keeps the same height once all is read: the rows below never move.
            <span className="message-list__load-older" style={{ visibility: 'hidden' }} aria-hidden>
              Load earlier messages
            </span>
          ) : (
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
        <div
          className="message-list__rows"
          ref={rowsBox}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((virtual) => (
            <div
              key={virtual.key}
              className="message-list__row"
              data-index={virtual.index}
              ref={virtualizer.measureElement}
              style={{
                transform: `translateY(${virtual.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              <Row row={rows[virtual.index] as MessageRow} {...props} />
            </div>
          ))}
        </div>
      </div>
      {announcer && <announcer.ReplyAnnouncer items={items} personaName={persona.name} />}
      {announcer && (
        <announcer.ScrollToMessage
          rows={rows}
          virtualizer={virtualizer}
          older={props.older}
          onLoadOlder={props.onLoadOlder}
        />
      )}
    </>
  );
}

function Row({ row, ...props }: { row: MessageRow } & MessageListProps) {
  const { persona } = props;
  switch (row.kind) {
    case 'item':
      return (
        <MessageBubble
          item={row.item}
          persona={persona}
          onRetry={props.onRetry}
          onUpgrade={props.onUpgrade}
          footer={props.footers?.[row.item.id]}
        />
      );
    case 'empty':
      return (
        <div className="message-list__empty">
          <p className="message-list__empty-title">No messages yet!</p>
          <p>Type a message below to start the conversation.</p>
        </div>
      );
    case 'welcome':
      return (
        <BestieRow persona={persona} unsaved>
          <div className="chat-bubble chat-bubble--bestie">
            <p className="md__p">{props.welcome}</p>
            <p className="chat-bubble__ai-note">{AI_NOTE}</p>
          </div>
        </BestieRow>
      );
    case 'reply':
      return (
        <BestieRow persona={persona} unsaved>
          {row.text === '' ? (
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
              <Markdown text={row.text} />
            </div>
          )}
        </BestieRow>
      );
    case 'reminder':
      return (
        <p className="ai-reminder" role="note">
          You&apos;ve been chatting for a while, and that&apos;s okay. A gentle reminder: your
          bestie is an AI, not a person. Maybe take a little break, drink some water, and reach out
          to someone you trust too.
        </p>
      );
  }
}

function isHers(item: ChatItem): boolean {
  switch (item.kind) {
    case 'pending':
    case 'failed':
      return true;
    case 'message':
    case 'ocr':
      return item.from === 'user';
    default:
      return false;
  }
}

/**
 * Whether a row's new height is taken up by scrolling (so the rows below stay where they are)
 * rather than by moving what is below it. First drawn: any row starting above the first row
 * that was fully in view, counting the scroll margin. Measured again (a reply still growing,
 * an image loading): only a row wholly above the top, as TanStack does by default.
 */
function keepRowsBelowStill(
  item: VirtualItem,
  _delta: number,
  instance: Virtualizer<HTMLDivElement, Element>,
): boolean {
  const top = instance.scrollOffset ?? 0;
  if (!instance.itemSizeCache.has(item.key))
    return item.start < top + instance.options.scrollMargin;
  return item.end <= top && instance.scrollDirection !== 'backward';
}

/** Whether she is reading the newest (within AT_END_PX of the bottom), as of her last scroll. */
function useAtEnd(list: RefObject<HTMLDivElement | null>): RefObject<boolean> {
  const atEnd = useRef(true);
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const scrolled = () => {
      atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_PX;
    };
    element.addEventListener('scroll', scrolled, { passive: true });
    return () => element.removeEventListener('scroll', scrolled);
  }, [list]);
  return atEnd;
}

function withFocused(range: Range, rows: MessageRow[], focusedKey: string | null): number[] {
  const drawn = defaultRangeExtractor(range);
  if (focusedKey === null) return drawn;
  const index = rows.findIndex((row) => row.key === focusedKey);
  if (index === -1 || drawn.includes(index)) return drawn;
  return [...drawn, index].sort((a, b) => a - b);
}

/**
 * Where the rows begin in the list (px from its top): below the 'Load earlier messages' row,
 * whose place stays the same height when it empties (chat.css), so the last page read in
 * above never moves the rows under her.
 */
/**
 * The list gets shorter when her message box grows a line or the phone's keyboard opens: if she
 * was reading the newest, the newest stays in view (TanStack's end anchoring follows what comes
 * in below, not the list's own height).
 */
function useEndKeptOnResize(
  list: RefObject<HTMLDivElement | null>,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
): void {
  useEffect(() => {
    const element = list.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const atEndNow = () =>
      element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_PX;
    // As it was before the resize: shrinking the list fires no scroll event.
    let atEnd = atEndNow();
    let height = element.clientHeight;
    const scrolled = () => (atEnd = atEndNow());
    const resized = new ResizeObserver(() => {
      if (element.clientHeight === height) return;
      height = element.clientHeight;
      if (atEnd) virtualizer.scrollToEnd();
    });
    element.addEventListener('scroll', scrolled, { passive: true });
    resized.observe(element);
    return () => {
      resized.disconnect();
      element.removeEventListener('scroll', scrolled);
    };
  }, [list, virtualizer]);
}

function useRowsMargin(rowsBox: RefObject<HTMLDivElement | null>): number {
  const [margin, setMargin] = useState(0);
  // After every render: what moves it (the row above, the list's padding) is no dependency.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const measured = rowsBox.current?.offsetTop ?? margin;
    // Measured before paint: one more render, never a frame drawn in the wrong place.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (measured !== margin) setMargin(measured);
  });
  return margin;
}

/**
 * Reads the page before when she scrolls near the top (a sentinel watched by an
 * IntersectionObserver); without one, the 'Load earlier messages' button does it.
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
}
