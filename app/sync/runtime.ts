import type { PublicUser } from '@shared/user';
import { claimDevice } from '../db/account';
import { onUnauthorized } from '../http/client';
import { uploadScreenshot } from '../http/ocr';
import { refreshUser } from '../state/useUserStore';
import { pullCompactChanges, pushMutations } from '../http/sync';
import { createSyncEngine, type SyncEngine } from './engine';
import { openLiveChannel, type LiveChannel } from './liveChannel';
import { useSyncStore } from './useSyncStore';

/**
 * Sync also runs every 30 s while the tab is visible (ARCHITECTURE.md, Live sync): a
 * fallback for when the live channel is down, which otherwise says at once when to pull.
 */
export const SYNC_INTERVAL_MS = 30_000;

let engine: SyncEngine | null = null;

/** Runs one sync cycle now (or joins the running one); nothing when nobody is signed in. */
export function syncNow(): Promise<void> {
  return engine?.sync() ?? Promise.resolve();
}

/**
 * Starts syncing her data on this device: wipes another user's data first (or unlocks her
 * own: db/account.ts, claimDevice), then syncs at once, whenever the server says her data changed
 * (the live channel, opened once the device is hers), on `online`, when the tab comes back,
 * and every 30 s while it is visible. Returns the stop function, which also closes the live
 * channel.
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
  // Nothing syncs before the device is hers (below): another user's outbox is never pushed
  // with her session, and nothing of hers is written before that user's data is wiped.
  const run = () => {
    if (engine === mine) void mine.sync();
  };
  const offline = () => useSyncStore.setState({ status: 'offline' });
  const visible = () => {
    if (document.visibilityState === 'visible') run();
  };
  let live: LiveChannel | null = null;
  let stopped = false;
  // A 401 to any call while she is signed in: her session may have ended, and asking who she
  // is settles it (refreshUser locks her data when it has). One ask at a time: its own 401
  // asks nothing more. The next user's sync puts its own in place.
  let asking = false;
  onUnauthorized(() => {
    if (stopped || asking) return;
    asking = true;
    void refreshUser().finally(() => {
      asking = false;
    });
  });
  const online = () => {
    run();
    live?.reconnectNow();
  };
  void claimDevice(user).then(() => {
    if (stopped) return;
    engine = mine;
    run();
    // A browser without EventSource (none we support) keeps the timer alone.
    if (typeof EventSource !== 'undefined')
      live = openLiveChannel({ onChange: run, onAccount: () => void refreshUser() });
  });
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  document.addEventListener('visibilitychange', visible);
  const timer = window.setInterval(visible, SYNC_INTERVAL_MS);
  return () => {
    stopped = true;
    live?.close();
    mine.stop();
    if (engine === mine) {
      engine = null;
      // The device no longer holds what the server has for whoever signs in next (she logged
      // out): until her own first sync, no screen may take it as all there is, nor take a
      // failure of hers (a 401 once her session ended) as the state of the next one's sync.
      useSyncStore.setState({ caughtUp: false, status: navigator.onLine ? 'idle' : 'offline' });
    }
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    document.removeEventListener('visibilitychange', visible);
    window.clearInterval(timer);
  };
}
