import { useEffect, useRef } from 'react';

/**
 * Focuses the returned element once it mounts, when `enabled`. Deferred a tick so the browser's
 * own focus of the tab she clicked (on mousedown) does not take it straight back.
 */
export function useFocusOnMount<T extends HTMLElement>(enabled: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => ref.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [enabled]);
  return ref;
}
