import Router from '@koa/router';
import type { Deps } from '../deps';
import type { AppState } from '../http/types';

/** PATCH /users/{id} and the profile picture (POST, DELETE, GET), mounted under /api. */
export function userRoutes(_deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  return router;
}
