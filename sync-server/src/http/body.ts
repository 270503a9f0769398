import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { isApiPath } from './types';

/** JSON bodies for /api (forms and multipart come with the routes that need them). */
export function jsonBody(): Middleware {
  const parse = koaBody({
    json: true,
    urlencoded: false,
    text: false,
    multipart: false,
    jsonLimit: '1mb',
  });
  return (ctx, next) => (isApiPath(ctx.path) ? parse(ctx, next) : next());
}
