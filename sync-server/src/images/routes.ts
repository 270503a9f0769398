import Router from '@koa/router';
import { STORED_IMAGE_TYPES } from '@shared/ocr-api';
import type { Deps } from '../deps';
import type { AppState } from '../http/types';
import { serveOwnImage } from './serve';
import { findOwnImage, imageNotFound } from './service';

/**
 * GET /api/images/{id}: the stored image, to its owner only (anyone else, visitors included,
 * gets the same 404 as for an id that never was). The type comes from how we re-encoded it.
 */
export function imageRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/images/:id', async (ctx) => {
    const { row, file } = await findOwnImage(deps, {
      userId: ctx.state.user?.id,
      id: ctx.params.id ?? '',
    });
    await serveOwnImage(ctx, {
      file,
      type: STORED_IMAGE_TYPES[row.format],
      notFound: imageNotFound,
    });
  });

  return router;
}
