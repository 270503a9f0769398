import type { Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
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
  return (ctx, next) =>
    HAS_BODY.has(ctx.method) && isApiPath(ctx.path) && !raw.has(ctx.path)
      ? parse(ctx, next)
      : next();
}
