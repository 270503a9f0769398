import { useCallback, useEffect, useRef, useState } from 'react';

export const TEASER_UPGRADE_DELAY_MS = 2000;

/**
 * The upgrade dialog's open state, and its gentle nudge 2 s after a teaser reply (spec §4,
 * §9). She can always close it and keep chatting.
 */
export function useTeaserUpgrade() {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const afterTeaser = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(true), TEASER_UPGRADE_DELAY_MS);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return { open, setOpen, afterTeaser };
}
