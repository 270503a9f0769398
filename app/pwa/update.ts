import { usePwaStore } from './usePwaStore';

const FLUSH_TIMEOUT_MS = 5000;

/**
 * Sends what waits in the outbox before a reload, as far as the network allows. Nothing is
 * lost either way: the outbox lives in IndexedDB, which a new service worker never touches.
 */
export async function flushOutbox(): Promise<void> {
  // Imported here, not at startup: the device's store and the engine load on signed-in screens.
  const [{ outboxSize }, { syncNow }] = await Promise.all([
    import('../db/outbox'),
    import('../sync/runtime'),
  ]);
  if ((await outboxSize()) === 0) return;
  await Promise.race([syncNow(), new Promise((resolve) => setTimeout(resolve, FLUSH_TIMEOUT_MS))]);
}

/** Registers the service worker and offers its updates (an update reloads the page). */
export async function registerServiceWorker(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    usePwaStore.setState({
      applyUpdate: async () => {
        await flushOutbox();
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      },
    });
  });
  await workbox.register();
}
