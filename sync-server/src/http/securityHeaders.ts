import type { Middleware } from 'koa';
import { isApiPath } from './types';

export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    });
    // Account answers must never sit in a browser, proxy or service-worker cache.
    if (isApiPath(ctx.path)) ctx.set('Cache-Control', 'no-store');
    await next();
  };
}
