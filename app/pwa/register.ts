import { afterScreenDrawn } from '../components/afterScreen';
import { usePwaStore, type InstallPromptEvent } from './usePwaStore';

/**
 * Registers the service worker (built app only) and listens for installs and updates. The
 * install prompt is caught at once (it comes early); registering, workbox-window and the update
 * flow (update.ts) load once the first screen is drawn: they can wait, her screen cannot.
 */
export function startPwa(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    usePwaStore.setState({ installPrompt: event as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => usePwaStore.setState({ installPrompt: null }));
  // MODE, not PROD: a build made with NODE_ENV=test (the e2e server) is still a built app.
  if (import.meta.env.MODE !== 'production' || !('serviceWorker' in navigator)) return;

  // Not fetched (offline before the app was cached): the next visit registers it.
  afterScreenDrawn(
    () =>
      void import('./update').then(
        ({ registerServiceWorker }) => registerServiceWorker(),
        () => undefined,
      ),
  );
}
