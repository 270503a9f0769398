import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import Router from '@koa/router';
import { STORED_IMAGE_TYPES } from '@shared/ocr-api';
import type { Deps } from '../deps';
import type { AppState } from '../http/types';
import { findOwnImage, imageNotFound } from './service';

/**
 * GET /api/images/{id}: the stored image, to its owner only (anyone else, visitors included,
 * gets the same 404 as for an id that never was). The type comes from how we re-encoded it.
 */
export function imageRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/images/:id', async (ctx) => {
    const { row, file } = findOwnImage(deps, {
      userId: ctx.state.user?.id,
      id: ctx.params.id ?? '',
    });
    const size = await stat(file).then(
      (stats) => stats.size,
      () => undefined,
    );
    if (size === undefined) throw imageNotFound();
    ctx.set({
      'Content-Disposition': 'inline',
      'X-Content-Type-Options': 'nosniff',
      // Her own picture under a URL that never changes: her browser may keep it, nobody else.
      'Cache-Control': 'private, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
    ctx.body = createReadStream(file);
    ctx.type = STORED_IMAGE_TYPES[row.format];
    ctx.length = size;
  });

  return router;
}
