import Router from '@koa/router';
import type { Deps } from '../deps';
import type { AppState } from '../http/types';
import { healthOf } from './service';

/**
 * GET /health, mounted under /api, for monitoring: no sign-in, never cached; 503 when the
 * database does not answer or background writes fail.
 */
export function healthRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/health', async (ctx) => {
    const health = await healthOf(deps);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = health.ok ? 200 : 503;
    ctx.body = health;
  });
  return router;
}
