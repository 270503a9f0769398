import type { Middleware } from 'koa';
import {
  endSession,
  findLiveSession,
  noteSessionSeen,
  SESSION_LIFETIME_MS,
  startSession,
} from './lifecycle';
import { unchangedMemo } from '../db/unchanged';
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
  const memo = unchangedMemo(deps.legacyDb);
  return async (ctx, next) => {
    memo.requestStarted();
    const id = isApiPath(ctx.path) ? ctx.cookies.get(sessionCookieName(deps)) : undefined;
    if (id) {
      const session = SESSION_ID_SHAPE.test(id) ? findLiveSession(deps, { id }) : undefined;
      const user =
        session && memo(`user ${session.userId}`, () => findUserById(deps, { id: session.userId }));
      if (session && user) {
        ctx.state.user = user;
        ctx.state.sessionIdHash = session.idHash;
        noteSessionSeen(deps, { session });
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
export function signIn(deps: Deps, ctx: AppContext, userId: string): void {
  if (ctx.state.sessionIdHash) endSession(deps, { idHash: ctx.state.sessionIdHash });
  const session = startSession(deps, { userId, userAgent: ctx.get('User-Agent') });
  ctx.remove('Set-Cookie');
  ctx.append('Set-Cookie', sessionCookie(deps, session.id, SESSION_LIFETIME_MS / 1000));
  rememberDevice(deps, ctx, userId);
}

/** Deletes the request's session (if any) and clears the cookie. */
export function signOut(deps: Deps, ctx: AppContext): void {
  if (ctx.state.sessionIdHash) endSession(deps, { idHash: ctx.state.sessionIdHash });
  ctx.state.user = undefined;
  ctx.state.sessionIdHash = undefined;
  ctx.remove('Set-Cookie');
  clearCookie(deps, ctx);
}
