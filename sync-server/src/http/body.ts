import type { Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { badRequest } from './errors';
import { isApiPath } from './types';

// DELETE too: deleting her account takes her password and the word DELETE in the body.
const PARSED_METHODS = [
  HttpMethodEnum.POST,
  HttpMethodEnum.PUT,
  HttpMethodEnum.PATCH,
  HttpMethodEnum.DELETE,
];
const HAS_BODY = new Set<string>(PARSED_METHODS);

/**
 * JSON bodies for /api (forms and multipart come with the routes that need them). `rawPaths`
 * are left unread: their routes read the bytes themselves (readRawBody), e.g. to check a
 * signature over them.
 */
export function jsonBody(options: { rawPaths?: string[] } = {}): Middleware {
  const raw = new Set(options.rawPaths);
  const parse = koaBody({
    json: true,
    urlencoded: false,
    text: false,
    multipart: false,
    jsonLimit: '1mb',
    parsedMethods: PARSED_METHODS,
  });
  // A GET never has its body read: koa-body is not even asked (it would look at the headers).
  return async (ctx, next) => {
    if (!HAS_BODY.has(ctx.method) || !isApiPath(ctx.path) || raw.has(ctx.path)) return next();
    let read = false;
    try {
      await parse(ctx, () => {
        read = true;
        return next();
      });
    } catch (error) {
      if (read) throw error;
      // What is left of the body is never read: the connection closes after the answer, so
      // her client does not send its next request down a socket Node is about to drop.
      ctx.set('Connection', 'close');
      throw unreadable(error);
    }
  };
}

/**
 * An error while reading the body, before any route ran. The parser's own (a 4xx `status`:
 * bad JSON, too large, an unknown encoding) go on to the error handler; anything else is the
 * decoder's (gzip, deflate or br that is not, or is cut short): her client's fault, a 400,
 * never a 500 with a stack in the log.
 */
function unreadable(error: unknown): unknown {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return badRequest('The request body could not be decoded', 'undecodable_body');
}
