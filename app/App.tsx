import { useEffect } from 'react';
import { Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { firstScreenIn } from './components/afterScreen';
import { RequireUser } from './components/RequireUser';
import { RouteError } from './components/RouteError';
import { Spinner } from './components/ui/Spinner';
import { ChatCassieRedirect } from './routes/Chat/ChatCassieRedirect';

function RootLayout() {
  // What waits for the screen (afterScreen.ts) may start once the first one is in, unless it
  // holds that back itself while it draws (the chat, until its messages are on screen).
  useEffect(firstScreenIn, []);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * While the first screen's chunk loads: the loading screen index.html painted before any script
 * came (the same markup), so it stays as it was rather than going blank.
 */
function FirstLoad() {
  return <Spinner fullScreen />;
}

function SignedInOnly() {
  return (
    <RequireUser>
      <Outlet />
    </RequireUser>
  );
}

/**
 * The route table of spec §2 (shared/routes.ts lists the same paths for the server). Each
 * screen is its own chunk, loaded by the router when its route is first visited: the current
 * page stays on screen until the next one is ready, so nothing flashes. bench/bundle.ts keeps
 * what a first visit loads within its budget.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: FirstLoad,
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        lazy: async () => ({ Component: (await import('./routes/Landing/Landing')).Landing }),
      },
      {
        path: '/auth',
        lazy: async () => ({ Component: (await import('./routes/Auth/AuthPage')).AuthPage }),
      },
      {
        path: '/forgot-password',
        lazy: async () => ({
          Component: (await import('./routes/ForgotPassword/ForgotPassword')).ForgotPassword,
        }),
      },
      {
        path: '/reset-password',
        lazy: async () => ({
          Component: (await import('./routes/ResetPassword/ResetPassword')).ResetPassword,
        }),
      },
      {
        path: '/checkout',
        lazy: async () => ({ Component: (await import('./routes/Checkout')).Checkout }),
      },
      {
        path: '/checkout-success',
        lazy: async () => ({
          Component: (await import('./routes/CheckoutSuccess')).CheckoutSuccess,
        }),
      },
      { path: '/chat/cassie', element: <ChatCassieRedirect /> },
      {
        element: <SignedInOnly />,
        children: [
          {
            // One route for /chat and /chat/{id}, so the screen (and a teaser's upgrade nudge)
            // stays mounted when her first message turns a new chat into /chat/{id}.
            path: '/chat/:id?',
            lazy: async () => {
              const { ChatPage, askForCrisisReading } = await import('./routes/Chat/ChatPage');
              askForCrisisReading();
              return { Component: ChatPage };
            },
          },
          {
            path: '/settings',
            lazy: async () => ({
              Component: (await import('./routes/Settings/SettingsPage')).SettingsPage,
            }),
          },
        ],
      },
      {
        path: '/test-success',
        lazy: async () => ({ Component: (await import('./routes/TestSuccess')).TestSuccess }),
      },
      {
        path: '/privacy',
        lazy: async () => ({ Component: (await import('./routes/Privacy')).Privacy }),
      },
      {
        path: '/terms',
        lazy: async () => ({ Component: (await import('./routes/Terms')).Terms }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/NotFound')).NotFound }),
      },
    ],
  },
];
