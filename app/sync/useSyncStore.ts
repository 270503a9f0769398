import { create } from 'zustand';
import type { SyncStatus } from './engine';

/** The sync engine's status, for the offline banner. */
export const useSyncStore = create<{ status: SyncStatus }>(() => ({
  status: typeof navigator !== 'undefined' && !navigator.onLine ? 'offline' : 'idle',
}));
