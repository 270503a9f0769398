import { AppError, serverBusy } from '../http/errors';

/** Seconds to wait before trying again: a read takes one to a few seconds. */
const RETRY_AFTER_SECONDS = 2;

/** 503 busy: every OCR thread and queue place is taken by someone's images. */
export const ocrBusy = () => serverBusy(RETRY_AFTER_SECONDS);

/**
 * 503 busy (not 429): her own images are still in work. A 4xx tells the app the image is
 * refused for good (its sync engine then sends her message without it); this one only has
 * to wait a moment, like any 503.
 */
export const ownImagesBusy = () =>
  new AppError(
    503,
    'busy',
    'Your other images are still being read. Please try again in a moment.',
    {},
    { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  );

export interface ImageAdmission {
  /**
   * A place for one image of hers, taken before its upload is read; answers the function that
   * gives it back (call it once, when the request ends however it ends). Throws 503 busy when
   * she already has `perUser` images in work or the server has `total`.
   */
  admit(userId: string): () => void;
  /** Images in work now (all users). */
  readonly inWork: number;
}

/**
 * Counts images in work per user and in all, in this process: cheap to refuse, so a burst is
 * turned away before its bodies are read, decoded or stored.
 */
export function createImageAdmission(sizes: { perUser: number; total: number }): ImageAdmission {
  const perUser = new Map<string, number>();
  let total = 0;
  return {
    admit(userId) {
      const hers = perUser.get(userId) ?? 0;
      if (hers >= sizes.perUser) throw ownImagesBusy();
      if (total >= sizes.total) throw ocrBusy();
      perUser.set(userId, hers + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (perUser.get(userId) ?? 1) - 1;
        if (left > 0) perUser.set(userId, left);
        else perUser.delete(userId);
      };
    },
    get inWork() {
      return total;
    },
  };
}
