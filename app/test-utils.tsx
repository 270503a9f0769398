import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { PublicUser } from '@shared/user';
import { routes } from './App';
import { Toaster } from './components/ui/Toaster';
import { useToastStore } from './state/useToastStore';
import { useUserStore, type UserStatus } from './state/useUserStore';
import { USER } from './testUser';

export { USER };

/** Sets who is signed in before a screen renders. */
export function givenUser(user: PublicUser | null, status: UserStatus = 'ready'): void {
  useUserStore.setState({ status, user });
}

/** Renders the whole app's route table at `path`, with the toast area. */
export function renderApp(path: string) {
  useToastStore.setState({ current: null });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, location };
}
