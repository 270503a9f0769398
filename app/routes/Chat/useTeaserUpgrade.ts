import { useCallback, useEffect, useRef, useState } from 'react';

export const TEASER_UPGRADE_DELAY_MS = 2000;

/**
 * The upgrade dialog's open state, and its gentle nudge 2 s after a teaser reply (spec §4,
 * §9). She can always close it and keep chatting. `held`: the chat is in care mode (issue 36),
 * so the nudge waiting to open never does, and none is started.
 */
export function useTeaserUpgrade(held = false) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const heldNow = useRef(held);

  const afterTeaser = useCallback(() => {
    window.clearTimeout(timer.current);
    if (heldNow.current) return;
    timer.current = window.setTimeout(() => {
      if (!heldNow.current) setOpen(true);
    }, TEASER_UPGRADE_DELAY_MS);
  }, []);

  useEffect(() => {
    heldNow.current = held;
    if (held) window.clearTimeout(timer.current);
  }, [held]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return { open, setOpen, afterTeaser };
}
