import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { requestsTo } from './requests';
import { FUZZ_ROUTES, routeName } from './routes';
import { FUZZ_RUNS, fuzzOptions, FuzzWorld, RAISED_LIMITS } from './world';

/**
 * Random and malformed requests to every route, as a visitor and signed in, answer
 * below 500, throw nothing unhandled, and change nothing in the database when refused.
 */
describe('every route, fuzzed, with the env limits raised', () => {
  const world = new FuzzWorld({ env: RAISED_LIMITS });
  beforeAll(() => world.start(), 60_000);
  afterAll(() => world.stop());

  for (const route of FUZZ_ROUTES) {
    it(
      `${routeName(route)} never answers 5xx, throws nothing and changes nothing when it refuses`,
      async () => {
        world.nextHour();
        const requests = requestsTo(route, {
          known: world.known,
          images: world.images,
          origin: world.server.url,
        });
        await fc.assert(
          fc.asyncProperty(requests, fc.boolean(), (request, signedIn) =>
            world.check(request, signedIn),
          ),
          fuzzOptions(FUZZ_RUNS),
        );
      },
      FUZZ_RUNS * 2_000,
    );
  }
});
