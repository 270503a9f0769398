import './zodConfig';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './App';
import { startPwa } from './pwa/register';
import { UpdateBanner } from './pwa/UpdateBanner';
import { useToastStore } from './state/useToastStore';
import { loadUserOnce } from './state/useUserStore';
import { SyncRunner } from './sync/SyncRunner';
import { startTheme } from './theme/useTheme';
import './styles/global.css';

// Radix Toast loads with the first toast: most visits show none before they navigate.
const Toaster = lazy(async () => ({ default: (await import('./components/ui/Toaster')).Toaster }));

function ToastArea() {
  const shown = useToastStore((state) => state.current !== null);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

startTheme();
loadUserOnce();
startPwa();

const router = createBrowserRouter(routes);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
    {/* Beside the routes, not in them: screens rendered alone (tests) do not start syncing.
        It loads the sync engine and Dexie once someone is signed in. */}
    <SyncRunner />
    <ToastArea />
    <UpdateBanner />
  </StrictMode>,
);
