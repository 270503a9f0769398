import Router from '@koa/router';
import type { Deps } from '../deps';
import type { AppState } from '../http/types';

/** GET /user/export and DELETE /user, mounted under /api. */
export function accountRoutes(_deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  return router;
}
