import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
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

/** The route table with every lazy screen already loaded, so a test renders the page at once. */
async function loaded(table: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    table.map(async ({ lazy, children, ...route }) => ({
      ...route,
      ...(typeof lazy === 'function' ? await lazy() : {}),
      ...(children ? { children: await loaded(children) } : {}),
    })) as Promise<RouteObject>[],
  );
}

const eagerRoutes = await loaded(routes);

/** Renders the whole app's route table at `path`, with the toast area. */
export function renderApp(path: string) {
  useToastStore.setState({ current: null });
  const router = createMemoryRouter(eagerRoutes, { initialEntries: [path] });
  const view = render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, location };
}
