import type { Middleware } from 'koa';
import {
  endSession,
  findLiveSession,
  noteSessionSeen,
  SESSION_LIFETIME_MS,
  startSession,
} from './lifecycle';
import type { Deps } from '../deps';
import { findUserById } from '../users/service';
import { rememberDevice } from '../http/deviceCookie';
import type { AppContext, AppState } from '../http/types';
import { isHttps, ownCookie } from '../http/cookies';
import { isApiPath } from '../http/types';

/** The session cookie's name on plain http (local use and tests). */
export const SESSION_COOKIE = 'besties_session';
/**
 * Its name over https: browsers take a `__Host-` cookie only with Secure, Path=/ and no
 * Domain, so nothing on another subdomain or a plain-http page can set or overwrite it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
const SESSION_ID_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The name the session cookie is set and read under: `__Host-` when PUBLIC_URL is https. */
export const sessionCookieName = (deps: Deps) =>
  isHttps(deps) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

const sessionCookie = (deps: Deps, value: string, maxAgeSeconds: number) =>
  ownCookie(deps, sessionCookieName(deps), value, maxAgeSeconds);

function clearCookie(deps: Deps, ctx: AppContext): void {
  ctx.append('Set-Cookie', sessionCookie(deps, '', 0));
}

/** Puts the signed-in user (if any) on `ctx.state.user` for /api requests. */
export function sessionMiddleware(deps: Deps): Middleware<AppState> {
  return async (ctx, next) => {
    const id = isApiPath(ctx.path) ? ctx.cookies.get(sessionCookieName(deps)) : undefined;
    if (id) {
      // Read afresh on every request: a session ended or an account deleted by any process
      // signs the next request out at once.
      const session = SESSION_ID_SHAPE.test(id) ? await findLiveSession(deps, { id }) : undefined;
      const user = session && (await findUserById(deps, { id: session.userId }));
      if (session && user) {
        ctx.state.user = user;
        ctx.state.sessionIdHash = session.idHash;
        await noteSessionSeen(deps, { session });
      } else {
        clearCookie(deps, ctx);
      }
    }
    await next();
  };
}

/**
 * Signs the user in with a brand-new session id, ending the one the request came with. The
 * session keeps the request's User-Agent (for her devices list); the browser gets a device
 * cookie, so a lock on her email never keeps her out of it (auth/service.ts).
 */
export async function signIn(deps: Deps, ctx: AppContext, userId: string): Promise<void> {
  if (ctx.state.sessionIdHash) await endSession(deps, { idHash: ctx.state.sessionIdHash });
  const session = await startSession(deps, { userId, userAgent: ctx.get('User-Agent') });
  ctx.remove('Set-Cookie');
  ctx.append('Set-Cookie', sessionCookie(deps, session.id, SESSION_LIFETIME_MS / 1000));
  rememberDevice(deps, ctx, userId);
}

/** Deletes the request's session (if any) and clears the cookie. */
export async function signOut(deps: Deps, ctx: AppContext): Promise<void> {
  if (ctx.state.sessionIdHash) await endSession(deps, { idHash: ctx.state.sessionIdHash });
  ctx.state.user = undefined;
  ctx.state.sessionIdHash = undefined;
  ctx.remove('Set-Cookie');
  clearCookie(deps, ctx);
}
