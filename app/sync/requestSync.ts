import { lazyModule } from '../components/lazyModule';

/**
 * The sync engine (runtime.ts) and its pull decoder, loaded on demand: screens ask through
 * requestSync rather than importing it, so it is not part of their first load (issue 14);
 * SyncSession starts it once the first screen has painted.
 */
export const syncRuntime = lazyModule(() => import('./runtime'));

/**
 * Asks the sync engine for a sync now: after a write, or when a reply is known to be stored.
 * Resolves when that sync is over (at once when no engine runs, as runtime.syncNow does).
 */
export async function requestSync(): Promise<void> {
  // Not loaded and not loadable (offline before the app was cached): there is no engine to ask
  // yet; SyncSession starts it once it can, and it syncs then.
  const runtime = await syncRuntime.load().catch(() => null);
  await runtime?.syncNow();
}
