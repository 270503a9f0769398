import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useInRouterContext, useLocation } from 'react-router-dom';
import { glow } from '../../components/glow';
import { messageIdOf } from './messageHash';
import type { MessageRow } from './messageRows';
import type { OlderMessages } from './useMessagePages';

interface ScrollToMessageProps {
  /** The list's rows (MessageList), and the virtualiser that draws them. */
  rows: MessageRow[];
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  older: OlderMessages;
  onLoadOlder: () => void;
}

/** Frames to wait for the row to be drawn after scrolling to it. */
const DRAWN_WITHIN = 30;

/**
 * A chat opened at one of its messages (`#m-<id>`, messageHash.ts: a search result) goes to it,
 * at every opening (each a new history entry), even of the same message again.
 */
export function ScrollToMessage(props: ScrollToMessageProps) {
  // MessageList drawn on its own (its tests) has no location to read.
  return useInRouterContext() && <AtLocation {...props} />;
}

function AtLocation(props: ScrollToMessageProps) {
  const { hash, key } = useLocation();
  const messageId = messageIdOf(hash);
  return messageId && <JumpTo key={key} messageId={messageId} {...props} />;
}

/**
 * Takes the open chat to one of its messages: reads older pages until it is among them, puts it
 * in the middle of the list, and makes it glow a moment. Once per opening; a message the chat
 * does not hold (deleted since) leaves the chat at its newest.
 */
function JumpTo({
  messageId,
  rows,
  virtualizer,
  older,
  onLoadOlder,
}: ScrollToMessageProps & { messageId: string }) {
  const index = rows.findIndex((row) => row.key === messageId);
  const found = useRef(false);
  const stopGlow = useRef<() => void>(undefined);

  useEffect(() => {
    if (found.current) return;
    if (index === -1) {
      if (older === 'more') onLoadOlder();
      return;
    }
    found.current = true;
    virtualizer.scrollToIndex(index, { align: 'center' });
    stopGlow.current = glowWhenDrawn(virtualizer, index);
  }, [index, older, onLoadOlder, virtualizer]);

  useEffect(() => () => stopGlow.current?.(), []);
  return null;
}

/** Makes row `index` glow once the virtualiser has drawn it; returns its cancel. */
function glowWhenDrawn(virtualizer: Virtualizer<HTMLDivElement, Element>, index: number) {
  let frames = 0;
  let animation: Animation | undefined;
  let frame = requestAnimationFrame(function look() {
    const row = virtualizer.scrollElement?.querySelector(`[data-index="${index}"]`);
    if (!row && ++frames < DRAWN_WITHIN) {
      frame = requestAnimationFrame(look);
      return;
    }
    const bubble = row?.querySelector('.chat-bubble') ?? row;
    animation = glow(bubble);
  });
  return () => {
    cancelAnimationFrame(frame);
    animation?.cancel();
  };
}
