import './zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './App';
import { holdForFirstScreen } from './components/afterScreen';
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
