import { useEffect } from 'react';

/**
 * Focuses the form's field `name` once the form mounts, when `enabled` (`setFocus` is the
 * form's). Deferred a tick so the browser's own focus of the tab she clicked (on mousedown)
 * does not take it straight back.
 */
export function useFocusOnMount<Name extends string>(
  enabled: boolean,
  setFocus: (name: Name) => void,
  name: Name,
) {
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => setFocus(name), 0);
    return () => window.clearTimeout(timer);
  }, [enabled, setFocus, name]);
}
