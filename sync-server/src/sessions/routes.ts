import Router from '@koa/router';
import type { Deps } from '../deps';
import type { AppState } from '../http/types';

/** GET /sessions, DELETE /sessions/{id}, DELETE /sessions (all but this one), under /api. */
export function sessionRoutes(_deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  return router;
}
