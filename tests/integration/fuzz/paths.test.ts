import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { APP_ROUTES } from '@shared/routes';
import { cookie, encode, headers, oddString } from './arbitraries';
import { SESSION_COOKIE } from '../harness';
import { FUZZ_RUNS, fuzzOptions, FuzzWorld, RAISED_LIMITS } from './world';
import type { FuzzRequest } from './world';

const segment = fc.oneof(
  fc.constantFrom(
    'api',
    'assets',
    'index-abc123.js',
    'index-abc123.js.map',
    'index.html',
    'sw.js',
    'manifest.webmanifest',
    'chat',
    'users',
    'user',
    'chats',
    'images',
    '..',
    '.',
    '%2e%2e',
    '%2F',
    '%00',
    '%',
    '%zz',
    '.env',
    '.git',
    'session-secret',
    'besties.sqlite',
    '',
  ),
  oddString.map(encode),
);

/** Paths anywhere: the app's pages, its files, unknown /api paths, traversal, junk. */
const anyPath = fc.oneof(
  fc.constantFrom(...APP_ROUTES).map((route) => route.replace(':id', 'x')),
  fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/api/${parts.join('/')}`),
  fc.constantFrom(
    '/api',
    '/api/',
    '//api/user',
    '/API/user',
    '/api/user/',
    '/api/chats//x',
    '/\\evil',
  ),
);

const method = fc.oneof(
  fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
  fc.constantFrom('PROPFIND', 'MKCOL', 'PURGE', 'get', 'Post'),
);

/**
 * Any method to any path (not just the routes): the static files and the app's pages, the
 * JSON 404 and 405 of /api, and the source maps and data files that must never be served.
 */
describe('any method to any path', () => {
  const world = new FuzzWorld({ env: RAISED_LIMITS });
  beforeAll(() => world.start(), 60_000);
  afterAll(() => world.stop());

  it(
    'never answers 5xx, throws nothing and changes nothing when it refuses',
    async () => {
      const requests = fc
        .record({
          method,
          path: anyPath,
          headers: headers(world.server.url),
          cookie: cookie(SESSION_COOKIE),
          body: fc.option(
            fc.jsonValue().map((value) => JSON.stringify(value)),
            { nil: undefined },
          ),
        })
        .map(({ method: verb, path, headers: fuzzed, cookie: cookieOf, body }): FuzzRequest => ({
          method: verb,
          target: path,
          headers: { ...fuzzed, contentType: body === undefined ? undefined : 'application/json' },
          body: ['GET', 'HEAD', 'get'].includes(verb) ? undefined : body,
          cookie: cookieOf,
        }));
      await fc.assert(
        fc.asyncProperty(requests, fc.boolean(), (request, signedIn) =>
          world.check(request, signedIn),
        ),
        fuzzOptions(FUZZ_RUNS * 4),
      );
    },
    FUZZ_RUNS * 8_000,
  );
});
