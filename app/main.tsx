import './zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './App';
import { Toaster } from './components/ui/Toaster';
import { startPwa } from './pwa/register';
import { UpdateBanner } from './pwa/UpdateBanner';
import { loadUserOnce } from './state/useUserStore';
import { SyncRunner } from './sync/SyncRunner';
import { startTheme } from './theme/useTheme';
import './styles/global.css';

startTheme();
loadUserOnce();
startPwa();

const router = createBrowserRouter(routes);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
    {/* Beside the routes, not in them: screens rendered alone (tests) do not start syncing. */}
    <SyncRunner />
    <Toaster />
    <UpdateBanner />
  </StrictMode>,
);
