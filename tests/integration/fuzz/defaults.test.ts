import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { requestsTo } from './requests';
import { FUZZ_ROUTES } from './routes';
import { FUZZ_RUNS, fuzzOptions, FuzzWorld } from './world';

/**
 * The same properties with every limit at its default (so 429s and their Retry-After come up,
 * and the per-user and per-address counters fill) and a paying account (the subscriber-only
 * routes and personas), the routes mixed in one sequence as a real client would. Payments go
 * to a fake Stripe here (to the built-in test provider in api.test.ts), so the webhook checks
 * signatures, and some fuzzed events are signed.
 */
describe('all routes in one random sequence, with the default limits, a paid plan and Stripe', () => {
  const world = new FuzzWorld({ tier: 'premium', stripe: true });
  beforeAll(() => world.start(), 60_000);
  afterAll(() => world.stop());

  it(
    'never answers 5xx, throws nothing and changes nothing when it refuses',
    async () => {
      const requests = fc
        .constantFrom(...FUZZ_ROUTES)
        .chain((route) =>
          requestsTo(route, { known: world.known, images: world.images, origin: world.server.url }),
        );
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
