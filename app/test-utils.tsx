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

/**
 * The route table with every lazy screen already loaded, so a test renders the page at once.
 * One route at a time: a test file's `vi.mock` factories may be async, and screens imported
 * side by side could otherwise share a module before its mock was in place.
 */
async function loaded(table: RouteObject[]): Promise<RouteObject[]> {
  const eager: RouteObject[] = [];
  for (const { lazy, children, ...route } of table) {
    eager.push({
      ...route,
      ...(typeof lazy === 'function' ? await lazy() : {}),
      ...(children ? { children: await loaded(children) } : {}),
    } as RouteObject);
  }
  return eager;
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
