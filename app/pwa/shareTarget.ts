/**
 * Web Share Target: in the installed app, an image shared from another app is POSTed
 * to SHARE_TARGET_PATH. Workbox's generated service worker answers GETs only, so a small
 * script it imports (`importScripts`, built from `handleSharedImage` below by vite.config.ts)
 * keeps the image in a cache and sends her to the chat, which opens the screenshot dialog with it.
 */
export const SHARE_TARGET_PATH = '/share-target';
export const SHARE_TARGET_SCRIPT = 'share-target-sw.js';
export const SHARED_IMAGE_CACHE = 'besties-shared';
export const SHARED_IMAGE_KEY = '/shared-image';
export const SHARED_IMAGE_FIELD = 'image';

interface ShareConfig {
  path: string;
  cache: string;
  key: string;
  field: string;
}

interface ShareFetchEvent extends Event {
  request: Request;
  respondWith(answer: Promise<Response>): void;
}

/** Runs in the service worker: it must use nothing from outside its own body. */
function handleSharedImage(config: ShareConfig) {
  self.addEventListener('fetch', (event) => {
    const { request } = event as ShareFetchEvent;
    if (request.method !== 'POST' || new URL(request.url).pathname !== config.path) return;
    (event as ShareFetchEvent).respondWith(
      (async () => {
        const form = await request.formData().catch(() => null);
        const file = form?.getAll(config.field).find((value) => typeof value !== 'string');
        if (file && file.type.startsWith('image/')) {
          const cache = await caches.open(config.cache);
          const headers = { 'Content-Type': file.type };
          await cache.put(config.key, new Response(file, { headers }));
        }
        return Response.redirect('/chat?bestie=cassie', 303);
      })(),
    );
  });
}

/** The script the service worker imports. */
export function shareTargetScript(): string {
  const config: ShareConfig = {
    path: SHARE_TARGET_PATH,
    cache: SHARED_IMAGE_CACHE,
    key: SHARED_IMAGE_KEY,
    field: SHARED_IMAGE_FIELD,
  };
  return `(${handleSharedImage.toString()})(${JSON.stringify(config)});\n`;
}

/** The image shared into the app, once: it is removed as it is taken. */
export async function takeSharedImage(): Promise<Blob | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(SHARED_IMAGE_CACHE);
  const answer = await cache.match(SHARED_IMAGE_KEY);
  if (!answer) return null;
  await cache.delete(SHARED_IMAGE_KEY);
  return answer.blob();
}
