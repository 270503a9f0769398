import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { SESSION_COOKIE } from '../harness';
import {
  anyJson,
  contentType,
  cookie,
  headers,
  invalidJsonText,
  multipartBody,
  multipartDamage,
  multipartParts,
  pathId,
  queryString,
  validJsonText,
} from './arbitraries';
import type { FuzzRoute, Known } from './routes';
import type { FuzzRequest } from './world';

interface Body {
  body?: string | Uint8Array;
  contentType?: string;
}

type Images = { png: Uint8Array; bomb: Uint8Array };

const jsonBodies = (nearValid: Arbitrary<unknown>): Arbitrary<Body> =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(
          validJsonText(nearValid),
          fc.constantFrom('application/json', 'application/json; charset=utf-8'),
        )
        .map(([body, type]) => ({ body, contentType: type })),
    },
    {
      weight: 1,
      arbitrary: invalidJsonText.map((body) => ({ body, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(validJsonText(nearValid), invalidJsonText), contentType)
        .map(([body, type]) => ({ body, contentType: type })),
    },
    {
      weight: 1,
      arbitrary: fc.option(contentType, { nil: undefined }).map((type) => ({ contentType: type })),
    },
    // Over the 1 MB JSON limit.
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1_050_000, max: 1_500_000 }).map((size) => ({
        body: `{"message":"${'x'.repeat(size)}"}`,
        contentType: 'application/json',
      })),
    },
  );

const multipartBodies = (images: Images): Arbitrary<Body> =>
  fc
    .tuple(multipartParts(images), multipartDamage, fc.nat())
    .map(([parts, damage, cutAt]) => multipartBody(parts, damage, cutAt));

const bodiesFor = (route: FuzzRoute, known: Known, images: Images): Arbitrary<Body> => {
  const nearValid = route.shape?.(known) ?? anyJson;
  switch (route.body) {
    case 'json':
      return fc.oneof(
        { weight: 8, arbitrary: jsonBodies(nearValid) },
        { weight: 1, arbitrary: multipartBodies(images) },
      );
    case 'multipart':
      return fc.oneof(
        { weight: 8, arbitrary: multipartBodies(images) },
        { weight: 2, arbitrary: jsonBodies(anyJson) },
      );
    case 'raw':
      return fc.oneof(
        { weight: 6, arbitrary: jsonBodies(stripeEvent) },
        {
          weight: 1,
          arbitrary: fc
            .uint8Array({ maxLength: 3000 })
            .map((body) => ({ body, contentType: 'application/json' })),
        },
      );
    case 'none':
      return fc.oneof(
        { weight: 4, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: jsonBodies(anyJson) },
      );
  }
};

const intentId = fc.oneof(
  fc.stringMatching(/^pi_[A-Za-z0-9]{1,24}$/),
  fc.string({ maxLength: 10 }),
);

/** Stripe events, near and far from real ones (the fuzzer signs some of them). */
const stripeEvent: Arbitrary<unknown> = fc.record(
  {
    id: fc.oneof(fc.stringMatching(/^evt_[A-Za-z0-9]{1,24}$/), anyJson),
    object: fc.constant('event'),
    type: fc.oneof(
      fc.constantFrom(
        'payment_intent.succeeded',
        'charge.refunded',
        'charge.dispute.created',
        'payment_intent.payment_failed',
        'customer.created',
      ),
      anyJson,
    ),
    created: fc.oneof(fc.integer(), anyJson),
    data: fc.oneof(
      fc.record(
        {
          object: fc.record(
            { id: intentId, object: fc.string(), payment_intent: intentId, status: fc.string() },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: [] },
      ),
      anyJson,
    ),
  },
  { requiredKeys: [] },
);

/** The path with each `:param` replaced by a real id or junk. */
function pathFor(route: FuzzRoute, known: Known): Arbitrary<string> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  if (names.length === 0) return fc.constant(route.path);
  return fc
    .tuple(...names.map((name) => pathId(() => known.ids(route.params?.[name] ?? 'chat'))))
    .map((values) =>
      names.reduce(
        (target, name, index) => target.replace(`:${name}`, values[index] ?? ''),
        route.path,
      ),
    );
}

/** Requests to one route: its method (HEAD too for a GET), fuzzed path, query, headers, cookie, body. */
export function requestsTo(
  route: FuzzRoute,
  props: { known: Known; images: Images; origin: string },
): Arbitrary<FuzzRequest> {
  const method =
    route.method === 'GET'
      ? fc.oneof(
          { weight: 9, arbitrary: fc.constant('GET') },
          { weight: 1, arbitrary: fc.constant('HEAD') },
        )
      : fc.constant(route.method);
  return fc
    .record({
      method,
      path: pathFor(route, props.known),
      query: queryString(route.query ?? {}),
      headers: headers(props.origin),
      cookie: cookie(SESSION_COOKIE),
      body: bodiesFor(route, props.known, props.images),
      signWebhook: fc.boolean(),
    })
    .map(({ method: verb, path, query, headers: fuzzed, cookie: cookieOf, body, signWebhook }) => {
      // fetch refuses a body on GET and HEAD.
      const bodyless = verb === 'GET' || verb === 'HEAD';
      return {
        method: verb,
        target: path + query,
        headers: { ...fuzzed, contentType: body.contentType },
        body: bodyless ? undefined : body.body,
        cookie: cookieOf,
        signWebhook: route.body === 'raw' && signWebhook,
      };
    });
}
