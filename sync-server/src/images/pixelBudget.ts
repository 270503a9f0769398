export interface PixelBudget {
  /**
   * Runs `task` once `pixels` fit in the budget beside the tasks running, first come first
   * served. An image bigger than the whole budget runs alone.
   */
  run<T>(pixels: number, task: () => Promise<T>): Promise<T>;
  /** Pixels of the tasks running now. */
  readonly inUse: number;
  /** Tasks waiting for room. */
  readonly waiting: number;
}

/**
 * Bounds the pixels decoded at once rather than the images: a 40-megapixel JPEG re-encoded as
 * WebP holds about 200 MB while libwebp encodes it, a phone screenshot a tenth of that. How
 * many may wait is bounded by whoever calls (the OCR routes admit a few images at a time).
 */
export function createPixelBudget(limit: number): PixelBudget {
  let inUse = 0;
  const waiting: { pixels: number; start: () => void }[] = [];

  const startWhatFits = () => {
    for (let first = waiting[0]; first; first = waiting[0]) {
      if (inUse > 0 && inUse + first.pixels > limit) return;
      waiting.shift();
      inUse += first.pixels;
      first.start();
    }
  };

  return {
    async run(pixels, task) {
      await new Promise<void>((start) => {
        waiting.push({ pixels, start });
        startWhatFits();
      });
      try {
        return await task();
      } finally {
        inUse -= pixels;
        startWhatFits();
      }
    },
    get inUse() {
      return inUse;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
