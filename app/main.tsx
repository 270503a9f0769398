import './zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './App';
import { afterScreenDrawn, holdForFirstScreen } from './components/afterScreen';
import { LazyToaster } from './components/ui/LazyToaster';
import { startPwa } from './pwa/register';
import { UpdateBanner } from './pwa/UpdateBanner';
import { loadUserOnce } from './state/useUserStore';
import { SyncRunner } from './sync/SyncRunner';
import { startTheme } from './theme/useTheme';
import './styles/global.css';

holdForFirstScreen();
startTheme();
loadUserOnce();
startPwa();
// A visitor's help-shown counts still waiting to be sent: no first paint needs their code.
afterScreenDrawn(() => {
  void import('./safety/visitorHelpShown').then((module) => module.startSendingVisitorHelpShown());
});

function start(): void {
  const router = createBrowserRouter(routes);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
      {/* Beside the routes, not in them: screens rendered alone (tests) do not start syncing.
          It loads the sync engine and Dexie once someone is signed in. */}
      <SyncRunner />
      <LazyToaster />
      <UpdateBanner />
    </StrictMode>,
  );
}

// In a task of its own, after the one that ran the modules (her account is already asked
// for): the two together were one long task on a phone, with the page's shell on screen. A
// message to itself, as React's scheduler yields: not a timer, which a paused clock holds.
const nextTask = new MessageChannel();
nextTask.port1.onmessage = () => {
  nextTask.port1.close();
  start();
};
nextTask.port2.postMessage(null);
