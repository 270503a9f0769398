import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';

/**
 * Generic hostile inputs: JSON of every shape and some that is not JSON, multipart bodies that
 * lie about themselves, query strings, path ids, headers and cookies. Route-specific near-valid
 * bodies live in routes.ts and are mixed in here.
 */

/** A value written into JSON text as is, for what JSON.stringify cannot say (1e309, -0). */
const RAW = (text: string) => `@@RAW${text}@@`;
const RAW_PATTERN = /"@@RAW(.*?)@@"/g;

/** JSON.stringify, then the raw markers put back as bare JSON text. */
export const jsonText = (value: unknown): string =>
  (JSON.stringify(value) ?? 'null').replace(RAW_PATTERN, (_match, raw: string) => raw);

export const oddNumber: Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    RAW('1e309'),
    RAW('-1e309'),
    RAW('-0'),
    RAW('1e-400'),
    RAW('123456789012345678901234567890'),
  ),
  fc.constantFrom('NaN', 'Infinity', '-0', '1e309', '0x10', ' 1 ', ''),
  fc.constantFrom(0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER, 2 ** 53),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Strings people and attackers type: unicode, controls, lone surrogates, markup, paths. */
export const oddString: Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u0000\u0001\u001f\u007f',
    '\ud800',
    '\udfff\ud800',
    '\u202e\u200b\ufeff',
    'DELETE',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '__proto__',
    'constructor',
    'a@b.c',
    'pi_123',
    'pi_123_secret_abc',
    '4242424242424242',
  ),
);

const protoKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
);

export const anyJson: Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(
    fc.oneof(protoKey, fc.string()),
    fc.oneof(fc.jsonValue({ maxDepth: 2 }), oddNumber),
  ),
  oddString,
  oddNumber,
  fc.constantFrom(null, true, false, [], {}),
);

/** JSON text of valid JSON: any value, odd numbers, prototype keys, deep nesting, huge strings. */
export const validJsonText = (nearValid: Arbitrary<unknown>): Arbitrary<string> =>
  fc.oneof(
    { weight: 5, arbitrary: nearValid.map(jsonText) },
    { weight: 2, arbitrary: anyJson.map(jsonText) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(nearValid, protoKey, fc.jsonValue({ maxDepth: 2 }))
        .map(([value, key, extra]) => withKey(jsonText(value), key, jsonText(extra))),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 10, max: 3000 }), fc.constantFrom('[', '{"a":'))
        .map(
          ([depth, open]) => open.repeat(depth) + '1' + (open === '[' ? ']' : '}').repeat(depth),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          nearValid,
          fc.constantFrom('message', 'email', 'password', 'name', 'x'),
          fc.integer({ min: 5_000, max: 900_000 }),
        )
        .map(([value, key, size]) =>
          withKey(jsonText(value), key, JSON.stringify('x'.repeat(size))),
        ),
    },
  );

/** Adds `"key": valueText` to a JSON object's text (or wraps a non-object). */
function withKey(objectText: string, key: string, valueText: string): string {
  if (!objectText.startsWith('{')) return `{${JSON.stringify(key)}:${valueText},"v":${objectText}}`;
  const rest = objectText.slice(1);
  return `{${JSON.stringify(key)}:${valueText}${rest === '}' ? '' : ','}${rest}`;
}

/** Text that is not JSON, or is JSON cut short. */
export const invalidJsonText: Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '[1,2',
    "{'a':1}",
    '{"a":1,}',
    'NaN',
    'undefined',
    '{"a":NaN}',
    '{"a":1e309',
    '\ufeff{}',
    '{"__proto__":',
    '\u0000',
    'null null',
  ),
  fc.jsonValue().map((value) => {
    const text = JSON.stringify(value) ?? 'null';
    return text.slice(0, Math.max(0, text.length - 1));
  }),
);

export const contentType: Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'application/json; charset=utf-16',
    'application/json; charset=nope',
    'application/vnd.api+json',
    'application/merge-patch+json',
    'text/plain',
    'text/html',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/mixed; boundary=x',
    'application/octet-stream',
    'image/png',
    'text/event-stream',
    '*/*',
    'application/',
    ';;;',
  ),
  fc.string({ maxLength: 40 }),
);

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';

export interface MultipartPart {
  name: string;
  filename?: string;
  type?: string;
  content: Uint8Array;
}

/** Bytes of a file part: a real image, an image cut short, a pixel bomb, text, random bytes. */
export const fileBytes = (images: { png: Uint8Array; bomb: Uint8Array }): Arbitrary<Uint8Array> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(images.png) },
    { weight: 1, arbitrary: fc.nat({ max: images.png.length }).map((n) => images.png.slice(0, n)) },
    { weight: 1, arbitrary: fc.constant(images.bomb) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 2000 }) },
    { weight: 1, arbitrary: fc.string().map((text) => new TextEncoder().encode(text)) },
    { weight: 1, arbitrary: fc.constant(new Uint8Array(0)) },
  );

const partName = fc.oneof(
  fc.constantFrom('image', 'profileImage', 'analysisType', 'text', 'file', ''),
  fc.string({ maxLength: 20 }),
);

const fieldValue = fc.oneof(
  fc.constantFrom('general', 'receipt', 'business-card', 'document', 'social-media', 'nope', ''),
  oddString,
);

const headerSafe = (text: string) => text.replace(/[\r\n"]/g, '_');

export const multipartParts = (images: { png: Uint8Array; bomb: Uint8Array }) =>
  fc.array(
    fc.oneof(
      fc.record({
        name: partName,
        filename: fc.oneof(
          fc.constantFrom('screenshot.png', 'a.jpg', '', '../../x.png', 'x.svg', 'é€😀.png'),
          fc.string({ maxLength: 30 }),
        ),
        type: fc.oneof(
          fc.constantFrom(
            'image/png',
            'image/jpeg',
            'image/svg+xml',
            'text/plain',
            'application/octet-stream',
            '',
          ),
          fc.string({ maxLength: 20 }),
        ),
        content: fileBytes(images),
      }),
      fc.record({
        name: partName,
        content: fieldValue.map((value) => new TextEncoder().encode(value)),
      }),
    ),
    { maxLength: 4 },
  );

/** A multipart body: the parts, then maybe cut short or with a lying boundary. */
export function multipartBody(
  parts: MultipartPart[],
  damage: 'none' | 'no-end' | 'truncated' | 'wrong-boundary' | 'no-boundary',
  cutAt: number,
): { body: Uint8Array; contentType: string } {
  const chunks: Uint8Array[] = [];
  const text = (value: string) => chunks.push(new TextEncoder().encode(value));
  for (const part of parts) {
    text(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${headerSafe(part.name)}"`);
    if (part.filename !== undefined) text(`; filename="${headerSafe(part.filename)}"`);
    text('\r\n');
    if (part.type !== undefined) text(`Content-Type: ${headerSafe(part.type)}\r\n`);
    text('\r\n');
    chunks.push(part.content);
    text('\r\n');
  }
  if (damage !== 'no-end') text(`--${BOUNDARY}--\r\n`);
  let body = Buffer.concat(chunks);
  if (damage === 'truncated') body = body.subarray(0, cutAt % (body.length + 1));
  const contentType =
    damage === 'wrong-boundary'
      ? 'multipart/form-data; boundary=somethingElse'
      : damage === 'no-boundary'
        ? 'multipart/form-data'
        : `multipart/form-data; boundary=${BOUNDARY}`;
  return { body: new Uint8Array(body), contentType };
}

export const multipartDamage = fc.constantFrom(
  'none',
  'none',
  'none',
  'no-end',
  'truncated',
  'wrong-boundary',
  'no-boundary',
) as Arbitrary<'none' | 'no-end' | 'truncated' | 'wrong-boundary' | 'no-boundary'>;

/** Path segments: real ids (from the seeded account) mixed with junk, always URL-safe text. */
export const pathId = (realIds: () => string[]): Arbitrary<string> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.nat().map((n) => realIds()[n % Math.max(1, realIds().length)] ?? 'none'),
    },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: oddString.map(encode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%E0%A4%A',
        '%00',
        '..',
        '.%2e',
        '%2e%2e%2fetc%2fpasswd',
        '%2F',
        '0',
        '-1',
        '1e309',
        'null',
        'undefined',
        '__proto__',
        'constructor',
        'a'.repeat(2000),
        'webp',
        'x.webp',
      ),
    },
  );

/** Query strings: the route's own keys and random ones, duplicated, bracketed, badly encoded. */
export const queryString = (keys: Record<string, Arbitrary<string>>): Arbitrary<string> => {
  const ownKeys = Object.keys(keys);
  const pair = fc.oneof(
    ...(ownKeys.length > 0
      ? [
          {
            weight: 4,
            arbitrary: fc
              .constantFrom(...ownKeys)
              .chain((key) => fc.tuple(fc.constant(key), keys[key] ?? fc.string())),
          },
        ]
      : []),
    { weight: 1, arbitrary: fc.tuple(fc.oneof(fc.string({ maxLength: 10 }), protoKey), oddString) },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constantFrom(...ownKeys, 'a').map((key) => `${key}[]`),
        fc.string({ maxLength: 10 }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constantFrom(...ownKeys, '__proto__').map((key) => `${key}[__proto__]`),
        fc.string({ maxLength: 10 }),
      ),
    },
  );
  const encoded = fc
    .tuple(pair, fc.boolean())
    .map(([[key, value], raw]) =>
      raw ? `${rawSafe(key)}=${rawSafe(value)}` : `${encode(key)}=${encode(value)}`,
    );
  const junk = fc.constantFrom('%', '%zz', '&&', '=', '==', '%E0%A4%A=1', 'a=%ff', '?', '#x');
  return fc
    .array(fc.oneof({ weight: 5, arbitrary: encoded }, { weight: 1, arbitrary: junk }), {
      maxLength: 5,
    })
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.join('&')}`));
};

/** encodeURIComponent, with lone surrogates (which it refuses) made into U+FFFD first. */
export const encode = (text: string) =>
  encodeURIComponent(text.replace(/[\ud800-\udfff]/gu, '\ufffd'));

/** A query value written without encoding, minus what would end the URL or the query. */
const rawSafe = (text: string) => text.replace(/[#\s]/g, '').replace(/[^\x21-\x7e]/g, '');

/** Header values fetch accepts: Latin-1 without CR, LF or NUL, not padded with spaces. */
export const headerValue = (arbitrary: Arbitrary<string>) =>
  arbitrary.map((text) =>
    [...text]
      .map((char) => (char.charCodeAt(0) > 0xff || /[\r\n\0]/.test(char) ? '?' : char))
      .join('')
      .trim(),
  );

export interface FuzzHeaders {
  origin?: string;
  secFetchSite?: string;
  accept?: string;
  forwardedFor?: string;
  userAgent?: string;
  stripeSignature?: string;
  /** Mostly a real coding the body is not in, or one nobody knows. */
  contentEncoding?: string;
  extra?: [string, string];
}

export const headers = (ownOrigin: string): Arbitrary<FuzzHeaders> =>
  fc.record(
    {
      origin: fc.oneof(
        { weight: 4, arbitrary: fc.constant(ownOrigin) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'https://evil.example',
            'null',
            'http://localhost',
            'file://',
            '',
          ),
        },
        { weight: 1, arbitrary: headerValue(fc.string({ maxLength: 30 })) },
      ),
      secFetchSite: fc.constantFrom('same-origin', 'cross-site', 'none', 'same-site', 'x'),
      accept: fc.oneof(
        fc.constantFrom('text/event-stream', 'application/json', '*/*', 'text/html', 'image/*'),
        headerValue(fc.string({ maxLength: 30 })),
      ),
      forwardedFor: fc.oneof(
        fc.ipV4(),
        fc.ipV6(),
        fc.array(fc.oneof(fc.ipV4(), fc.ipV6()), { maxLength: 4 }).map((ips) => ips.join(', ')),
        headerValue(fc.string({ maxLength: 40 })),
      ),
      userAgent: headerValue(fc.oneof(fc.string(), fc.string({ minLength: 300, maxLength: 2000 }))),
      stripeSignature: headerValue(
        fc.oneof(
          fc.string(),
          fc
            .tuple(fc.integer(), fc.string({ unit: fc.constantFrom(...'0123456789abcdef') }))
            .map(([t, v]) => `t=${t},v1=${v}`),
        ),
      ),
      contentEncoding: fc.oneof(
        fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'compress', 'gzip, br', 'x-bogus'),
        headerValue(fc.string({ maxLength: 20 })),
      ),
      extra: fc.tuple(
        fc.constantFrom(
          'x-requested-with',
          'if-none-match',
          'range',
          'accept-encoding',
          'x-http-method-override',
          'authorization',
        ),
        headerValue(fc.string({ maxLength: 40 })),
      ),
    },
    { requiredKeys: [] },
  );

/** What the Cookie header says, given the real session cookie (when signed in). */
export const cookie = (
  sessionCookieName: string,
): Arbitrary<(session?: string) => string | undefined> => {
  const forgedId = fc.string({
    unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'),
    minLength: 43,
    maxLength: 43,
  });
  const garbage = headerValue(fc.string({ maxLength: 60 })).map((text) => text.replace(/;/g, ''));
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constant((session?: string) =>
        session ? `${sessionCookieName}=${session}` : undefined,
      ),
    },
    { weight: 1, arbitrary: fc.constant(() => undefined) },
    { weight: 1, arbitrary: forgedId.map((id) => () => `${sessionCookieName}=${id}`) },
    { weight: 1, arbitrary: garbage.map((text) => () => `${sessionCookieName}=${text}`) },
    { weight: 1, arbitrary: garbage.map((text) => () => text) },
    {
      weight: 1,
      arbitrary: forgedId.map(
        (id) => (session?: string) =>
          `${sessionCookieName}=${id}; ${sessionCookieName}=${session ?? id}`,
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('%', '%zz', '%E0%A4%A', '"quoted"', '=', '')
        .map(
          (value) => (session?: string) =>
            `${sessionCookieName}=${value}${session ? `; other=${session}` : ''}`,
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 2_000, max: 20_000 })
        .map(
          (size) => (session?: string) =>
            `${session ? `${sessionCookieName}=${session}; ` : ''}pad=${'x'.repeat(size)}`,
        ),
    },
    { weight: 1, arbitrary: forgedId.map((id) => () => `__Host-${sessionCookieName}=${id}`) },
  );
};
