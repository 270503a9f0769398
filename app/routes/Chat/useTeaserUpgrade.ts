import { useCallback, useEffect, useRef, useState } from 'react';
import { lazyModule } from '../../components/lazyModule';
import { MESSAGE_BOX_ID } from './InputBar';

/** Which chats have had their nudge today: asked for as a teaser arrives (2 s before it is
 * read), no part of the screen's first load. Not to be had (offline before the app
 * was cached): no nudge, and the teaser's own button is still there. */
const nudgeDays = lazyModule(() => import('./nudgeOnce'));

export const TEASER_UPGRADE_DELAY_MS = 2000;

/** Her message box (InputBar): the nudge never opens while she is in it or has words in it. */
function messageBox(): HTMLTextAreaElement | null {
  const element = document.getElementById(MESSAGE_BOX_ID);
  return element instanceof HTMLTextAreaElement ? element : null;
}

/** True while she is typing, or about to: the box has the focus or holds words. */
function boxInUse(): boolean {
  const box = messageBox();
  return box !== null && (document.activeElement === box || box.value !== '');
}

/**
 * The upgrade dialog's open state, and its nudge after a teaser reply (spec §4, §9), which
 * asks once (a deliberate difference from the spec; README, Where we differ):
 * - at most once per chat per day (nudgeOnce.ts), 2 s after a teaser, the first time;
 * - never while her message box has the focus or holds words: it waits until she has sent
 *   (`afterSend`) or has left the box empty, so it never takes the focus while she types;
 * - never in care mode (`held`): a nudge waiting then never opens, and none starts.
 * She can always close it and keep chatting; the teaser's subscribe button is always there.
 */
export function useTeaserUpgrade(held = false, chatId?: string) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const heldNow = useRef(held);
  /** The chat whose nudge waits for her to send or leave the box. */
  const waiting = useRef<string | null>(null);

  /** True when this chat's nudge may open now: not in care mode, not yet today. */
  const mayNudge = useCallback((id: string) => {
    const days = nudgeDays.current();
    return days !== null && !heldNow.current && !days.nudgedToday(id);
  }, []);

  const nudge = useCallback(
    (id: string) => {
      waiting.current = null;
      if (!mayNudge(id)) return;
      nudgeDays.current()?.markNudged(id);
      setOpen(true);
    },
    [mayNudge],
  );

  const afterTeaser = useCallback(
    (id: string) => {
      window.clearTimeout(timer.current);
      if (heldNow.current) return;
      nudgeDays.load().catch(() => undefined);
      timer.current = window.setTimeout(() => {
        if (!mayNudge(id)) return;
        if (boxInUse()) waiting.current = id;
        else nudge(id);
      }, TEASER_UPGRADE_DELAY_MS);
    },
    [mayNudge, nudge],
  );

  /** She has just sent a message: a waiting nudge may open now, her words are safe. */
  const afterSend = useCallback(() => {
    if (waiting.current) nudge(waiting.current);
  }, [nudge]);

  // She left the box with nothing in it: a waiting nudge opens, once the focus has landed where
  // she went (the dialog gives it back there when it closes; mid-move it would fall to <body>).
  useEffect(() => {
    function leftBox(event: FocusEvent) {
      const box = messageBox();
      if (!waiting.current || !box || event.target !== box || box.value !== '') return;
      window.setTimeout(() => {
        if (waiting.current && document.activeElement !== box && box.value === '') {
          nudge(waiting.current);
        }
      }, 0);
    }
    document.addEventListener('focusout', leftBox);
    return () => document.removeEventListener('focusout', leftBox);
  }, [nudge]);

  // Another chat on screen: this one's waiting nudge is dropped, and so is its timer.
  useEffect(() => {
    return () => {
      window.clearTimeout(timer.current);
      waiting.current = null;
    };
  }, [chatId]);

  useEffect(() => {
    heldNow.current = held;
    if (held) {
      window.clearTimeout(timer.current);
      waiting.current = null;
    }
  }, [held]);

  return { open, setOpen, afterTeaser, afterSend };
}
