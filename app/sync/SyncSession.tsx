import { useEffect } from 'react';
import { keepAccount } from '../db/sync';
import { useUserStore } from '../state/useUserStore';

/** How long to wait before asking again for an engine that could not be fetched. */
const START_AGAIN_MS = 2000;

/**
 * Keeps her device in sync while she is signed in. Renders nothing. The engine starts once
 * per account (a new plan or a profile change does not restart it); her account as it changes
 * is kept on the device, so an offline start shows it as it last was.
 */
export function SyncSession() {
  const userId = useUserStore((state) => state.user?.id);
  const user = useUserStore((state) => state.user);
  useEffect(() => {
    const current = useUserStore.getState().user;
    if (!userId || !current) return;
    // The engine (and its pull decoder) loads once the first screen has painted, not before
    // it (issue 14): the screen reads what the device holds, the engine brings what is new.
    let stop: (() => void) | undefined;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () =>
      import('./runtime').then(
        ({ startSync }) => {
          if (live) stop = startSync(current);
        },
        // Not fetched (a new version replaced its files): asked again a little later.
        () => {
          if (live) timer = setTimeout(() => void start(), START_AGAIN_MS);
        },
      );
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => void start())));
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      stop?.();
    };
  }, [userId]);
  useEffect(() => {
    if (user) keepAccount(user).catch(() => undefined);
  }, [user]);
  return null;
}
