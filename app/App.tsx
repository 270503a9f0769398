import { Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { RequireUser } from './components/RequireUser';
import { AuthPage } from './routes/Auth/AuthPage';
import { ChatCassieRedirect } from './routes/Chat/ChatCassieRedirect';
import { ChatPage } from './routes/Chat/ChatPage';
import { Checkout } from './routes/Checkout';
import { CheckoutSuccess } from './routes/CheckoutSuccess';
import { ForgotPassword } from './routes/ForgotPassword/ForgotPassword';
import { Landing } from './routes/Landing/Landing';
import { NotFound } from './routes/NotFound';
import { Privacy } from './routes/Privacy';
import { ResetPassword } from './routes/ResetPassword/ResetPassword';
import { SettingsPage } from './routes/Settings/SettingsPage';
import { Terms } from './routes/Terms';
import { TestSuccess } from './routes/TestSuccess';

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** The route table of spec §2 (shared/routes.ts lists the same paths for the server). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <Landing /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/forgot-password', element: <ForgotPassword /> },
      { path: '/reset-password', element: <ResetPassword /> },
      { path: '/checkout', element: <Checkout /> },
      { path: '/checkout-success', element: <CheckoutSuccess /> },
      { path: '/chat/cassie', element: <ChatCassieRedirect /> },
      {
        // One route for /chat and /chat/{id}, so the screen (and a teaser's upgrade nudge)
        // stays mounted when her first message turns a new chat into /chat/{id}.
        path: '/chat/:id?',
        element: (
          <RequireUser>
            <ChatPage />
          </RequireUser>
        ),
      },
      {
        path: '/settings',
        element: (
          <RequireUser>
            <SettingsPage />
          </RequireUser>
        ),
      },
      { path: '/test-success', element: <TestSuccess /> },
      { path: '/privacy', element: <Privacy /> },
      { path: '/terms', element: <Terms /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];
