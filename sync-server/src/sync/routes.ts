import Router from '@koa/router';
import { pullQuerySchema, pushBodySchema } from '@shared/sync';
import { abortOnHangUp } from '../chats/stream';
import type { Deps } from '../deps';
import { unauthorized } from '../http/errors';
import type { AppContext, AppState } from '../http/types';
import { validate, validateBody } from '../http/validate';
import { tierOf } from '../users/service';
import { pull, push } from './service';

function signedIn(deps: Deps, ctx: AppContext) {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  return { user, tier: tierOf(deps, { userId: user.id }) };
}

/** The sync API (ARCHITECTURE.md, Sync protocol), mounted under /api. */
export function syncRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  router.post('/sync/push', async (ctx) => {
    const { user, tier } = signedIn(deps, ctx);
    const { mutations } = validateBody(ctx, pushBodySchema);
    ctx.body = await push(deps, { user, tier, mutations, signal: abortOnHangUp(ctx) });
  });

  router.get('/sync/pull', (ctx) => {
    const { user, tier } = signedIn(deps, ctx);
    const { cursor, limit } = validate(pullQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = pull(deps, { userId: user.id, tier, cursor, limit });
  });

  return router;
}
