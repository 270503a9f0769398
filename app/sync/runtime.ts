import type { PublicUser } from '@shared/user';
import { claimDevice } from '../db/sync';
import { uploadScreenshot } from '../http/ocr';
import { pullCompactChanges, pushMutations } from '../http/sync';
import { createSyncEngine, type SyncEngine } from './engine';
import { useSyncStore } from './useSyncStore';

/** Sync runs every 30 s while the tab is visible (ARCHITECTURE.md, Sync protocol). */
export const SYNC_INTERVAL_MS = 30_000;

let engine: SyncEngine | null = null;

/** Runs one sync cycle now (or joins the running one); nothing when nobody is signed in. */
export function syncNow(): Promise<void> {
  return engine?.sync() ?? Promise.resolve();
}

/**
 * Starts syncing her data on this device: wipes another user's data first, then syncs at
 * once, on `online`, when the tab comes back, and every 30 s while it is visible.
 * Returns the stop function.
 */
export function startSync(user: PublicUser): () => void {
  useSyncStore.setState({ caughtUp: false });
  const mine = createSyncEngine({
    transport: {
      push: pushMutations,
      pull: (cursor) => pullCompactChanges(cursor),
      uploadImage: uploadScreenshot,
    },
    onStatus: (status) =>
      useSyncStore.setState((state) => ({
        status,
        caughtUp: state.caughtUp || (status === 'idle' && engine === mine),
      })),
  });
  engine = mine;
  const run = () => void mine.sync();
  const offline = () => useSyncStore.setState({ status: 'offline' });
  const visible = () => {
    if (document.visibilityState === 'visible') run();
  };
  void claimDevice(user).then(run);
  window.addEventListener('online', run);
  window.addEventListener('offline', offline);
  document.addEventListener('visibilitychange', visible);
  const timer = window.setInterval(visible, SYNC_INTERVAL_MS);
  return () => {
    mine.stop();
    if (engine === mine) engine = null;
    window.removeEventListener('online', run);
    window.removeEventListener('offline', offline);
    document.removeEventListener('visibilitychange', visible);
    window.clearInterval(timer);
  };
}
