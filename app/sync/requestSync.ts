/**
 * Asks the sync engine (runtime.ts) for a sync now: after a write, or when a reply is known to
 * be stored. Screens call this rather than importing the engine, so the engine and its pull
 * decoder are not part of their first load; SyncSession starts it after the screen.
 * Resolves when that sync is over (at once when no engine runs, as runtime.syncNow does).
 */
export async function requestSync(): Promise<void> {
  // Not loaded and not loadable (offline before the app was cached): there is no engine to ask
  // yet; SyncSession starts it once it can, and it syncs then.
  const runtime = await import('./runtime').catch(() => null);
  await runtime?.syncNow();
}
