import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Context } from 'koa';
import { COMPRESS_IN_PLACE_MAX_BYTES, encode, preferredEncoding } from './compress';

const text = (bytes: number) =>
  Buffer.from(
    JSON.stringify(
      Array.from({ length: Math.ceil(bytes / 60) }, (_, n) => ({ id: n, message: `words ${n}` })),
    ),
  );

describe('encode', () => {
  it.each([
    ['a small answer, on the spot', text(7_000)],
    ['a large one, on the pool', text(COMPRESS_IN_PLACE_MAX_BYTES * 4)],
  ])('gives back the same bytes through brotli and gzip: %s', async (_name, bytes) => {
    const br = await encode(bytes, 'br');
    const gz = await encode(bytes, 'gzip');
    expect(brotliDecompressSync(br).equals(bytes)).toBe(true);
    expect(gunzipSync(gz).equals(bytes)).toBe(true);
    expect(br.length).toBeLessThan(bytes.length / 4);
  });
});

describe('preferredEncoding', () => {
  const of = (header?: string) =>
    preferredEncoding({ request: { headers: { 'accept-encoding': header } } } as Context);
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'br'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0.0, gzip;q=0.8', 'gzip'],
    ['*', 'gzip'],
    ['*, gzip;q=0', null],
    ['deflate, *;q=0', null],
    ['gzip;q=0', null],
    ['identity', null],
    ['', null],
    [undefined, null],
  ])('answers %j with %s', (header, expected) => {
    expect(of(header)).toBe(expected);
  });
});
