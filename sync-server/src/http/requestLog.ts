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
  // The line's fields are fixed and hold no secret, and checking it against every redaction
  // path (wildcards among them) would cost several times the line itself, on every request.
  const lines = logger.child({}, { redact: { paths: [] } });
  return async (ctx, next) => {
    const started = now();
    try {
      await next();
    } finally {
      lines.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(now() - started) },
        'request',
      );
    }
  };
}
