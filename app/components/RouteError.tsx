import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { SimplePage } from './SimplePage';

/**
 * What the router shows when a screen cannot be shown: its chunk could not be fetched (offline
 * in the first seconds of a first visit, before the app was cached) or it threw while drawing.
 * In the entry chunk, so it never needs a fetch itself. 'Try again' loads the page afresh (the
 * router keeps a screen's failed load, so only a reload asks for it again), and so does the
 * connection coming back. Help stays one tap away, whatever failed.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  // Back online: the page tries again by itself (offline, a reload would only fail).
  useEffect(() => {
    const reload = () => location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <SimplePage title="This page didn't load" documentTitle="Something went wrong">
      <p>Check your connection, then try again. What you wrote is saved on this device.</p>
      <p>
        Need someone now? <a href="tel:988">Call 988</a> or <a href="sms:988">text 988</a>. In
        danger? <a href="tel:911">Call 911</a>.
      </p>
      <button type="button" className="btn btn--primary" onClick={() => location.reload()}>
        Try again
      </button>
    </SimplePage>
  );
}
