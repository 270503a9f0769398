import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import compress from 'koa-compress';
import Negotiator from 'negotiator';
import { remembered } from '../remembered';
import type { Encoding } from './precompressed';

/** Answers smaller than this go as they are: compressing them saves nothing worth the time. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Answers up to this size are compressed on the spot (little work at this size); larger
 * ones (a chat page, a pull page) on libuv's pool, while the server goes on with others.
 */
export const COMPRESS_IN_PLACE_MAX_BYTES = 16 * 1024;
/**
 * Brotli's quality for answers made per request: its fastest, far quicker than quality 4 for
 * a few more bytes on a page of messages (and still quicker than gzip at its default).
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 6;

/**
 * Text the server answers with. Event streams are left out on purpose: a compressor buffers
 * its input, so a reply's events would no longer reach her one by one.
 */
const COMPRESSIBLE =
  /^(?:text\/(?:html|css|plain|javascript)|application\/(?:json|javascript|manifest\+json|xml)|image\/svg\+xml)\b/i;

export const isCompressible = (mimeType: string): boolean => COMPRESSIBLE.test(mimeType);

/**
 * The encoding to answer in, from her Accept-Encoding: brotli whenever she names it (smaller
 * than gzip), else gzip if she takes it, else none. A wildcard alone means gzip, as
 * koa-compress reads it: an old client saying "*" may not know brotli.
 */
export function preferredEncoding(ctx: Context): Encoding | null {
  const header = ctx.request.headers['accept-encoding'];
  if (!header) return null;
  return encodingOfHeader(header);
}

/** A browser sends the same header on each request: read once, looked up after. */
const encodingOfHeader = remembered(64, readAcceptEncoding);

function readAcceptEncoding(header: string): Encoding | null {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } });
  // With nothing offered, the encodings she names with a quality above 0, best first.
  const named = negotiator.encodings().map((name) => name.toLowerCase());
  if (named.includes('br')) return 'br';
  if (named.includes('x-gzip')) return 'gzip';
  return negotiator.encoding(['gzip']) === 'gzip' ? 'gzip' : null;
}

const brotliOptions = (bytes: Buffer) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    // The encoder sizes its window (and the memory it sets up) to the answer, not to 4 MB.
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  },
});
const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzip);

/** `bytes` in `encoding`: on the spot when small, else on libuv's pool. */
export async function encode(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  if (bytes.length <= COMPRESS_IN_PLACE_MAX_BYTES) {
    return encoding === 'br'
      ? brotliCompressSync(bytes, brotliOptions(bytes))
      : gzipSync(bytes, { level: GZIP_LEVEL });
  }
  return encoding === 'br'
    ? brotliLater(bytes, brotliOptions(bytes))
    : gzipLater(bytes, { level: GZIP_LEVEL });
}

/** A plain object or array answer (koa would send it as JSON). */
const isJsonValue = (body: unknown): body is object =>
  Array.isArray(body) ||
  (typeof body === 'object' && body !== null && Object.getPrototypeOf(body) === Object.prototype);

/** Statuses whose answer has no body, or one a compressor must not touch (a byte range). */
const LEFT_AS_IS = new Set([204, 205, 206, 304]);

/**
 * Compresses an answer held in memory (JSON, text, bytes) in one go, as her browser accepts:
 * with Content-Length, no stream set up per request. Setting up koa-compress's brotli stream
 * (its 4 MB window) cost more than the answer itself (bench/HISTORY.md).
 */
async function compressInPlace(ctx: Context, encoding: Encoding): Promise<void> {
  if (ctx.compress === false || ctx.method === 'HEAD' || LEFT_AS_IS.has(ctx.status)) return;
  if (isJsonValue(ctx.body)) ctx.body = JSON.stringify(ctx.body);
  const { body } = ctx;
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) return;
  if (ctx.response.get('Content-Encoding') || !isCompressible(ctx.type)) return;
  if (/\bno-transform\b/i.test(ctx.response.get('Cache-Control'))) return;
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (bytes.length < COMPRESS_THRESHOLD_BYTES) return;
  const type = ctx.type;
  ctx.body = await encode(bytes, encoding);
  ctx.type = type;
  ctx.set('Content-Encoding', encoding);
}

/**
 * Compresses answers (brotli, else gzip, as her browser accepts): an answer in memory in one
 * go (compressInPlace), a stream (a file not precompressed) through koa-compress. A JSON
 * answer is turned into its text once here. A client that accepts no encoding (a script, a
 * health check) gets the answer as it is, with nothing negotiated.
 */
export function compressAnswers(): Middleware {
  const streams = compress({
    filter: isCompressible,
    threshold: COMPRESS_THRESHOLD_BYTES,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    gzip: { level: GZIP_LEVEL },
    deflate: false,
  });
  return async (ctx, next) => {
    ctx.vary('Accept-Encoding');
    const encoding = preferredEncoding(ctx);
    if (!encoding) return next();
    await streams(ctx, async () => {
      await next();
      if (!ctx.res.headersSent && ctx.writable) await compressInPlace(ctx, encoding);
    });
  };
}
