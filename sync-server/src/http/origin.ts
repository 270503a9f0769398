import type { Middleware } from 'koa';
import { forbidden, misdirected } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Names only a page on this machine is reached by: a rebound DNS name never reads like these. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Refuses a state-changing request not addressed to PUBLIC_URL's host (421), before anything
 * is parsed or written: DNS rebinding points the attacker's own name at this server, and its
 * page then passes as same-origin, but its Host header still names the attacker. A loopback
 * name is let through (tests, bench, a dev server on another port); a proxy must pass the
 * Host on unchanged, as Caddy does.
 */
export function hostCheck(publicUrl: string): Middleware {
  const url = new URL(publicUrl);
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  const publicHosts = new Set([url.host, `${url.hostname}:${url.port || defaultPort}`]);
  return async (ctx, next) => {
    if (STATE_CHANGING.has(ctx.method)) {
      // The Host line itself, never X-Forwarded-Host: a rebound page may set that one.
      const host = (ctx.req.headers.host ?? '').toLowerCase();
      const hostname = host.replace(/:\d+$/, '');
      if (!publicHosts.has(host) && !LOOPBACK_NAMES.has(hostname)) throw misdirected();
    }
    await next();
  };
}

/**
 * Refuses a state-changing request sent by another site's page, before anything is parsed
 * or written. Requests without an Origin (curl, server-to-server, tests) pass.
 */
export function originCheck(publicUrl: string): Middleware {
  const publicOrigin = new URL(publicUrl).origin;
  return async (ctx, next) => {
    if (STATE_CHANGING.has(ctx.method)) {
      const origin = ctx.get('Origin');
      const ownOrigin = `${ctx.protocol}://${ctx.host}`;
      const foreign = origin
        ? origin !== publicOrigin && origin !== ownOrigin
        : ctx.get('Sec-Fetch-Site') === 'cross-site';
      if (foreign) {
        throw forbidden('This request did not come from Besties', 'forbidden_origin');
      }
    }
    await next();
  };
}
