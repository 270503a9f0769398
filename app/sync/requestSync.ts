/**
 * Asks the sync engine (runtime.ts) for a sync now: after a write, or when a reply is known to
 * be stored. Screens call this rather than importing the engine, so the engine and its pull
 * decoder are not part of their first load (issue 14); SyncSession starts it after the screen.
 * Resolves when that sync is over (at once when no engine runs, as runtime.syncNow does).
 */
export async function requestSync(): Promise<void> {
  const { syncNow } = await import('./runtime');
  await syncNow();
}
