import { create } from 'zustand';
import type { SyncStatus } from './engine';

interface SyncState {
  status: SyncStatus;
  /** A sync cycle has finished since she signed in here: the device holds what the server has. */
  caughtUp: boolean;
}

/** The sync engine's status, for the offline banner and for telling "not here yet" from "gone". */
export const useSyncStore = create<SyncState>(() => ({
  status: typeof navigator !== 'undefined' && !navigator.onLine ? 'offline' : 'idle',
  caughtUp: false,
}));

// The browser's word that it went offline counts at once, even while the engine (runtime.ts)
// is still loading, or cannot load without the network: the banner and what a save says follow.
if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => useSyncStore.setState({ status: 'offline' }));
}

/** True once the device cannot learn more right now: caught up, offline, or failing. */
export const settledSelector = (state: SyncState) =>
  state.caughtUp || state.status === 'offline' || state.status === 'error-will-retry';
