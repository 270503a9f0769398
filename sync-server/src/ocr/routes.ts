import Router from '@koa/router';
import { ocrFormSchema } from '@shared/ocr-api-schema';
import type { SubscriptionTier } from '@shared/user';
import type { Deps } from '../deps';
import { enforce } from '../http/rateLimit';
import { signedIn } from '../http/signedIn';
import type { AppContext, AppState } from '../http/types';
import { validate } from '../http/validate';
import { readImageForm } from '../images/multipart';
import { storeImage } from '../images/service';
import { ensureRoomFor } from '../storage/service';
import { createImageAdmission } from './admission';
import type { ImageAdmission } from './admission';
import { IMAGES_AT_ONCE_PER_USER, imagesPerUser } from './limits';
import { presentEnhanced, presentOcr, presentUpload } from './present';
import { allowAnalysis, analyse, mayAnalyse, readImage } from './service';

interface Uploader {
  userId: string;
  tier: SubscriptionTier;
  /** Aborted when she goes away before her answer: a read still waiting or running stops. */
  gone: AbortSignal;
}

/**
 * Runs `work` for a signed-in uploader holding one of her image places (admission.ts: at most
 * two at once, and the server's few), within her hourly number of images, and with room left
 * in her storage (a full account is refused before the upload is read; the image's own size
 * is checked once known). The place is given back however the request ends.
 */
async function asUploader(
  deps: Deps,
  admission: ImageAdmission,
  ctx: AppContext,
  work: (uploader: Uploader) => Promise<void>,
): Promise<void> {
  const viewer = await signedIn(deps, ctx);
  // First: a request refused for being one too many does not count toward her hour.
  const release = admission.admit(viewer.user.id);
  const gone = new AbortController();
  const onClose = () => {
    if (!ctx.res.writableFinished) gone.abort();
  };
  ctx.res.once('close', onClose);
  try {
    await enforce(deps.limiter, imagesPerUser, viewer.user.id);
    await ensureRoomFor(deps, { userId: viewer.user.id, bytes: 1 });
    await work({ userId: viewer.user.id, tier: viewer.tier, gone: gone.signal });
  } finally {
    ctx.res.off('close', onClose);
    release();
  }
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
  // As many as the OCR threads and their queue hold: more could only wait for them.
  const admission = createImageAdmission({
    perUser: IMAGES_AT_ONCE_PER_USER,
    total: deps.config.ocrThreads + deps.config.ocrQueueLength,
  });

  router.post('/ocr', (ctx) =>
    asUploader(deps, admission, ctx, async (viewer) => {
      const { upload, analysisType } = await imageForm(ctx);
      const reading = await readImage(deps, { userId: viewer.userId, upload, gone: viewer.gone });
      const analysed = await mayAnalyse(deps, viewer);
      const result = analysed ? await analyse(deps, { reading, type: analysisType }) : null;
      ctx.body = presentOcr(reading, analysisType, result);
    }),
  );

  router.post('/ocr/enhanced', (ctx) =>
    asUploader(deps, admission, ctx, async (viewer) => {
      await allowAnalysis(deps, viewer);
      const { upload, analysisType } = await imageForm(ctx);
      const reading = await readImage(deps, { userId: viewer.userId, upload, gone: viewer.gone });
      const result = await analyse(deps, { reading, type: analysisType });
      ctx.body = presentEnhanced(reading, result);
    }),
  );

  // ?ocr=false: an image made offline, whose text the device already read, is only stored.
  router.post('/ocr/upload', (ctx) =>
    asUploader(deps, admission, ctx, async (viewer) => {
      const { upload, analysisType, text } = await imageForm(ctx);
      ctx.status = 201;
      if (ctx.query.ocr === 'false') {
        const { row } = await storeImage(deps, { userId: viewer.userId, upload });
        ctx.body = presentUpload({ imageId: row.id, text: text ?? '', confidence: null }, null);
        return;
      }
      const reading = await readImage(deps, { userId: viewer.userId, upload, gone: viewer.gone });
      const analysed = await mayAnalyse(deps, viewer);
      const result = analysed ? await analyse(deps, { reading, type: analysisType }) : null;
      ctx.body = presentUpload(
        { imageId: reading.image.row.id, text: reading.text, confidence: reading.confidence },
        result,
      );
    }),
  );

  return router;
}
