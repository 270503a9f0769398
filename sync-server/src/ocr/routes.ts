import Router from '@koa/router';
import { ocrFormSchema } from '@shared/ocr-api-schema';
import type { Deps } from '../deps';
import { enforce } from '../http/rateLimit';
import { signedIn } from '../http/signedIn';
import type { AppContext, AppState } from '../http/types';
import { validate } from '../http/validate';
import { readImageForm } from '../images/multipart';
import { storeImage } from '../images/service';
import { ensureRoomFor } from '../storage/service';
import { imagesPerUser } from './limits';
import { presentEnhanced, presentOcr, presentUpload } from './present';
import { allowAnalysis, analyse, mayAnalyse, readImage } from './service';

/**
 * Signed in, within her hourly number of images, and with room left in her storage (a full
 * account is refused before the upload is read; the image's own size is checked once known).
 */
function uploader(deps: Deps, ctx: AppContext) {
  const viewer = signedIn(deps, ctx);
  enforce(deps.limiter, imagesPerUser, viewer.user.id);
  ensureRoomFor(deps, { userId: viewer.user.id, bytes: 1 });
  return { userId: viewer.user.id, tier: viewer.tier };
}

/** The multipart body: the untrusted file and the validated text fields. */
async function imageForm(ctx: AppContext) {
  const { image, fields } = await readImageForm(ctx);
  return { upload: image, ...validate(ocrFormSchema, fields) };
}

/**
 * The screenshot routes of spec §7 (shapes in shared/ocr-api.ts). Each stores the image
 * (images/) and, unless told not to, reads it with the app's OcrReader. Enhanced analysis is
 * decided here, before the body is read: a free user never costs an OCR run on /enhanced.
 */
export function ocrRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  router.post('/ocr', async (ctx) => {
    const viewer = uploader(deps, ctx);
    const { upload, analysisType } = await imageForm(ctx);
    const reading = await readImage(deps, { userId: viewer.userId, upload });
    const analysed = mayAnalyse(deps, viewer);
    const result = analysed ? await analyse(deps, { reading, type: analysisType }) : null;
    ctx.body = presentOcr(reading, analysisType, result);
  });

  router.post('/ocr/enhanced', async (ctx) => {
    const viewer = uploader(deps, ctx);
    allowAnalysis(deps, viewer);
    const { upload, analysisType } = await imageForm(ctx);
    const reading = await readImage(deps, { userId: viewer.userId, upload });
    const result = await analyse(deps, { reading, type: analysisType });
    ctx.body = presentEnhanced(reading, result);
  });

  // ?ocr=false: an image made offline, whose text the device already read, is only stored.
  router.post('/ocr/upload', async (ctx) => {
    const viewer = uploader(deps, ctx);
    const { upload, analysisType, text } = await imageForm(ctx);
    ctx.status = 201;
    if (ctx.query.ocr === 'false') {
      const { row } = await storeImage(deps, { userId: viewer.userId, upload });
      ctx.body = presentUpload({ imageId: row.id, text: text ?? '', confidence: null }, null);
      return;
    }
    const reading = await readImage(deps, { userId: viewer.userId, upload });
    const analysed = mayAnalyse(deps, viewer);
    const result = analysed ? await analyse(deps, { reading, type: analysisType }) : null;
    ctx.body = presentUpload(
      { imageId: reading.image.row.id, text: reading.text, confidence: reading.confidence },
      result,
    );
  });

  return router;
}
