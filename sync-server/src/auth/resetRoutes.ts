import Router from '@koa/router';
import {
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordSchema,
  resetPasswordSchema,
} from '@shared/validation';
import type { Deps } from '../deps';
import { clientAddressKey } from '../http/clientAddress';
import { enforce } from '../http/rateLimit';
import type { AppState } from '../http/types';
import { validateBody } from '../http/validate';
import { forgotPerIp, resetPerIp } from './resetLimits';
import { requestPasswordReset, resetPassword } from './resetService';

/** POST /forgot-password and /reset-password, mounted under /api. */
export function resetRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  router.post('/forgot-password', async (ctx) => {
    await enforce(deps.limiter, forgotPerIp, clientAddressKey(ctx.ip));
    const body = validateBody(ctx, forgotPasswordSchema);
    requestPasswordReset(deps, body);
    ctx.body = { ok: true, message: FORGOT_PASSWORD_MESSAGE };
  });

  router.post('/reset-password', async (ctx) => {
    await enforce(deps.limiter, resetPerIp, clientAddressKey(ctx.ip));
    const body = validateBody(ctx, resetPasswordSchema);
    await resetPassword(deps, body);
    ctx.body = { ok: true };
  });

  return router;
}
