import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { AppContext } from '../http/types';

/**
 * Answers with one of her stored images (a screenshot or her picture): an untrusted upload we
 * re-encoded, so it is never sniffed, never run, kept by her browser only. `notFound` is
 * thrown when the file is missing (the same answer as for an id that never was).
 */
export async function serveOwnImage(
  ctx: AppContext,
  image: { file: string; type: string; notFound: () => Error },
): Promise<void> {
  const size = await stat(image.file).then(
    (stats) => stats.size,
    () => undefined,
  );
  if (size === undefined) throw image.notFound();
  ctx.set({
    'Content-Disposition': 'inline',
    'X-Content-Type-Options': 'nosniff',
    // Her own image under a URL that never changes: her browser may keep it, nobody else.
    'Cache-Control': 'private, max-age=31536000, immutable',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cross-Origin-Resource-Policy': 'same-origin',
  });
  ctx.body = createReadStream(image.file);
  ctx.type = image.type;
  ctx.length = size;
}

/** The id at the end of one of our own URLs (`{prefix}/{id}`, also absolute), else undefined. */
export function ownUrlId(
  url: string | null | undefined,
  prefix: string,
  idPattern: RegExp,
): string | undefined {
  if (!url) return undefined;
  let pathname: string;
  try {
    pathname = new URL(url, 'http://besties.invalid').pathname;
  } catch {
    return undefined;
  }
  if (!pathname.startsWith(`${prefix}/`)) return undefined;
  const id = pathname.slice(prefix.length + 1);
  return idPattern.test(id) ? id : undefined;
}
