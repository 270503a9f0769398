import { useEffect } from 'react';
import { afterPaint } from '../components/afterScreen';
import { LOAD_AGAIN_MS } from '../components/lazyModule';
import { keepAccount } from '../db/account';
import { useUserStore } from '../state/useUserStore';

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
    // it: the screen reads what the device holds, the engine brings what is new.
    let stop: (() => void) | undefined;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () =>
      void import('./runtime').then(
        ({ startSync }) => {
          if (live) stop = startSync(current);
        },
        // Not fetched (offline before the app was cached): asked again a little later.
        () => {
          if (live) timer = setTimeout(start, LOAD_AGAIN_MS);
        },
      );
    const cancelStart = afterPaint(start);
    return () => {
      live = false;
      cancelStart();
      clearTimeout(timer);
      stop?.();
    };
  }, [userId]);
  useEffect(() => {
    if (user) keepAccount(user).catch(() => undefined);
  }, [user]);
  return null;
}
