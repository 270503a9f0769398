import Router from '@koa/router';
import { loginSchema, registerSchema } from '@shared/validation';
import type { Deps } from '../deps';
import { clientAddressKey } from '../http/clientAddress';
import { knownDeviceOf } from '../http/deviceCookie';
import { unauthorized } from '../http/errors';
import { enforce } from '../http/rateLimit';
import { signIn, signOut } from '../sessions/cookie';
import type { AppState } from '../http/types';
import { validateBody } from '../http/validate';
import { presentUser } from '../users/present';
import { entitlementOfUser } from '../users/service';
import { loginAttemptsPerIp, registerPerIp } from './limits';
import { logIn, register } from './service';

/** POST /register, /login, /logout and GET /user, mounted under /api. */
export function authRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  router.post('/register', async (ctx) => {
    await enforce(deps.limiter, registerPerIp(deps.config), clientAddressKey(ctx.ip));
    const body = validateBody(ctx, registerSchema);
    const user = await register(deps, body);
    await signIn(deps, ctx, user.id);
    ctx.status = 201;
    ctx.body = presentUser(user, await entitlementOfUser(deps, { userId: user.id }));
  });

  router.post('/login', async (ctx) => {
    const address = clientAddressKey(ctx.ip);
    // Every login request from the address, right, wrong or malformed.
    await enforce(deps.limiter, loginAttemptsPerIp, address);
    const body = validateBody(ctx, loginSchema);
    const user = await logIn(deps, { ...body, address, device: knownDeviceOf(deps, ctx) });
    await signIn(deps, ctx, user.id);
    ctx.body = presentUser(user, await entitlementOfUser(deps, { userId: user.id }));
  });

  router.post('/logout', async (ctx) => {
    await signOut(deps, ctx);
    ctx.body = { ok: true };
  });

  router.get('/user', async (ctx) => {
    const user = ctx.state.user;
    if (!user) throw unauthorized();
    ctx.body = presentUser(user, await entitlementOfUser(deps, { userId: user.id }));
  });

  return router;
}
