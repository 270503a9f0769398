import Router from '@koa/router';
import { helpShownSchema } from '@shared/referrals-schema';
import type { Deps } from '../deps';
import { clientAddressKey } from '../http/clientAddress';
import { enforce } from '../http/rateLimit';
import type { AppState } from '../http/types';
import { validateBody } from '../http/validate';
import { helpShownPerIp } from './limits';
import { countHelpShown } from './service';

/**
 * POST /safety/help-shown, mounted under /api: help cards a visitor's device showed on one
 * day (a signed-in device counts through its outbox instead). No session needed and nothing
 * of the visitor kept: the day's count goes up, that is all.
 */
export function referralRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  router.post('/safety/help-shown', async (ctx) => {
    await enforce(deps.limiter, helpShownPerIp(deps.config), clientAddressKey(ctx.ip));
    const body = validateBody(ctx, helpShownSchema);
    await countHelpShown(deps, body);
    ctx.body = { ok: true };
  });

  return router;
}
