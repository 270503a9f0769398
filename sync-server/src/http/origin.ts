import type { Middleware } from 'koa';
import { forbidden } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
