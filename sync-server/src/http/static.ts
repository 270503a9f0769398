import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import { isAppRoute } from '@shared/routes';
import { notFound } from './errors';
import { preferredEncoding } from './compress';
import { precompressedFiles } from './precompressed';
import { isApiPath } from './types';

const HASHED = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const NOT_BUILT = 'Besties has not been built yet: run npm start';
/** Pages whose URL carries a secret (the reset token): never sent on as a Referer. */
const NO_REFERRER_PATHS = new Set(['/reset-password', '/reset-password/']);

/** Vite puts content-hashed files under /assets/; everything else may change in place. */
const cacheControlFor = (requestPath: string) =>
  requestPath.startsWith('/assets/') ? HASHED : REVALIDATE;

/** A built script, stylesheet or icon under /assets/: one name, no folders, no dotfiles. */
const HASHED_TEXT_FILE = /^\/assets\/\w[\w.-]*\.(?:js|css|svg)$/;

/**
 * Answers a hashed text file from its precompressed bytes when they are ready and her browser
 * takes brotli or gzip; false leaves the request to koa-send (and the per-request compressor).
 */
async function sendPrecompressed(
  ctx: Parameters<Middleware>[0],
  staticDir: string,
  files: ReturnType<typeof precompressedFiles>,
): Promise<boolean> {
  if (!HASHED_TEXT_FILE.test(ctx.path)) return false;
  const encoding = preferredEncoding(ctx);
  if (!encoding) return false;
  const file = path.join(staticDir, ctx.path);
  const stats = await stat(file).catch(() => undefined);
  if (!stats?.isFile()) return false;
  const compressed = files.get(file, stats);
  if (!compressed) return false;
  ctx.type = path.extname(file);
  ctx.set('Cache-Control', HASHED);
  ctx.set('Content-Encoding', encoding);
  ctx.vary('Accept-Encoding');
  ctx.lastModified = stats.mtime;
  ctx.body = compressed[encoding];
  return true;
}

/** A source map's path, also when written percent-encoded (koa-send decodes it). */
function isSourceMap(requestPath: string): boolean {
  let decoded = requestPath;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    // A malformed path: koa-send refuses it as well.
  }
  return /\.map\/*$/i.test(decoded);
}

async function sendFile(ctx: Parameters<Middleware>[0], root: string, file: string) {
  try {
    return await send(ctx, file, {
      root,
      hidden: false,
      setHeaders: (res) => res.setHeader('Cache-Control', cacheControlFor(file)),
    });
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    // Missing files, bad encodings and paths outside the root all fall back to the app.
    if (typeof status === 'number' && status >= 400 && status < 500) return undefined;
    throw error;
  }
}

/**
 * Serves the built PWA from STATIC_DIR. A path that is not a file gets index.html, with 200
 * for a route of the app and 404 otherwise (the client then shows its not-found page).
 * Unknown /api paths never reach here; any other method is a 404.
 */
export function staticFiles(staticDir: string): Middleware {
  const indexFile = path.join(staticDir, 'index.html');
  const precompressed = precompressedFiles();
  return async (ctx, next) => {
    if (isApiPath(ctx.path)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw notFound();
    if (NO_REFERRER_PATHS.has(ctx.path)) ctx.set('Referrer-Policy', 'no-referrer');
    // Source maps are built for our own debugging (vite.config.ts), never given out.
    if (isSourceMap(ctx.path)) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }
    if (await sendPrecompressed(ctx, staticDir, precompressed)) return;
    if (ctx.path !== '/' && (await sendFile(ctx, staticDir, ctx.path))) return;

    const status = isAppRoute(ctx.path) ? 200 : 404;
    if (!existsSync(indexFile)) {
      ctx.status = status === 200 ? 503 : 404;
      ctx.type = 'text/plain';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = status === 200 ? NOT_BUILT : 'Not found';
      return;
    }
    await sendFile(ctx, staticDir, '/index.html');
    ctx.set('Cache-Control', REVALIDATE);
    ctx.status = status;
  };
}
