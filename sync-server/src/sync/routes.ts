import Router from '@koa/router';
import { encodePullPage } from '@shared/compact-pull';
import { pullQuerySchema, pushBodySchema } from '@shared/sync-schema';
import type { Deps } from '../deps';
import { signedIn, signedInSession } from '../http/signedIn';
import type { AppState } from '../http/types';
import { validate, validateBody } from '../http/validate';
import { streamChanges } from './events';
import { pull, push } from './service';

/** The sync API (ARCHITECTURE.md, Sync protocol), mounted under /api. */
export function syncRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  router.post('/sync/push', async (ctx) => {
    const { user, tier } = await signedIn(deps, ctx);
    const { mutations } = validateBody(ctx, pushBodySchema);
    ctx.body = await push(deps, { userId: user.id, tier, mutations });
  });

  router.get('/sync/pull', async (ctx) => {
    const { user, tier } = await signedIn(deps, ctx);
    const { cursor, limit, format } = validate(pullQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    const page = await pull(deps, { userId: user.id, tier, cursor, limit });
    ctx.body = format === 'compact' ? encodePullPage(page) : page;
  });

  // Live sync: tells her device when to pull (ARCHITECTURE.md, Live sync).
  router.get('/sync/events', (ctx) => {
    streamChanges(deps, ctx, signedInSession(ctx));
  });

  return router;
}
