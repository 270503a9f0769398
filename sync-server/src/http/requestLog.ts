import type { Middleware } from 'koa';
import type { Logger } from '../logger';

/**
 * One line per request: method, path, status and time. The path has no query string (reset
 * tokens travel there); bodies, cookies and headers are never logged.
 */
export function requestLog(
  logger: Logger,
  now: () => number = performance.now.bind(performance),
): Middleware {
  return async (ctx, next) => {
    const started = now();
    try {
      await next();
    } finally {
      logger.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(now() - started) },
        'request',
      );
    }
  };
}
