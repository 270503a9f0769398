import type { Middleware } from 'koa';
import { isDatabaseUnavailable } from '../db/database';
import { isRefusedValue } from '../db/errors';
import type { Logger } from '../logger';
import {
  AppError,
  databaseUnavailable,
  badRequest,
  internalError,
  invalidJson,
  payloadTooLarge,
  unsupportedMediaType,
} from './errors';

/** Headers a handler may have set for the answer it did not finish. */
const STALE_HEADERS = ['Content-Encoding', 'Content-Disposition', 'Last-Modified', 'ETag'];

/**
 * Errors that carry a 4xx `status`: the body parser's (co-body / raw-body) and other
 * http-errors. They get fixed messages, so nothing of the original leaks.
 */
function fromHttpError(error: unknown): AppError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, type } = error as { status?: unknown; type?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  if (error instanceof SyntaxError || type === 'entity.parse.failed') return invalidJson();
  if (status === 413) return payloadTooLarge();
  if (status === 415) return unsupportedMediaType();
  return badRequest();
}

/**
 * The one place errors become answers: an AppError keeps its status and code, a body-parser
 * error is mapped, a database out of reach is a 503 that says so, anything else is a 500
 * without internals (the stack goes to the log only).
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      let error = thrown instanceof AppError ? thrown : fromHttpError(thrown);
      if (!error && isRefusedValue(thrown)) {
        logger.warn({ err: thrown, method: ctx.method, path: ctx.path }, 'a value refused');
        error = badRequest();
      }
      if (!error && isDatabaseUnavailable(thrown)) {
        logger.warn({ err: thrown, method: ctx.method, path: ctx.path }, 'database unavailable');
        error = databaseUnavailable();
      }
      if (!error) {
        logger.error({ err: thrown, method: ctx.method, path: ctx.path }, 'request failed');
        error = internalError();
      }
      if (ctx.headerSent) return;
      for (const name of STALE_HEADERS) ctx.remove(name);
      ctx.status = error.status;
      ctx.set(error.headers);
      ctx.body = error.toBody();
    }
  };
}
