import { useEffect, useState } from 'react';

/** How long to wait before asking again for a chunk that could not be fetched. */
export const LOAD_AGAIN_MS = 2000;

/** A chunk loaded on demand: fetched once however many ask, and read at once after. */
export interface LazyModule<T> {
  /** The module once loaded, else null. */
  current(): T | null;
  /** Loads it once; a fetch that failed (offline before the app was cached) is tried again. */
  load(): Promise<T>;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | undefined;
  return {
    current: () => loaded,
    load() {
      loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

interface When {
  /** Ask for it right away. */
  now: boolean;
  /** Otherwise, when this calls back (afterScreenDrawn, say); it returns its cancel. */
  later?: (ask: () => void) => () => void;
}

/**
 * The module once loaded, else null; asks for it now, or `later`, while mounted, and again
 * every 2 s after a failed fetch. `later` is a module-level function (not remade per render).
 */
export function useLazyModule<T>(module: LazyModule<T>, { now, later }: When): T | null {
  const [loaded, setLoaded] = useState(module.current);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (loaded || (!now && !later)) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () =>
      void module.load().then(
        (value) => live && setLoaded(() => value),
        () => {
          if (live) timer = setTimeout(() => setAttempt((count) => count + 1), LOAD_AGAIN_MS);
        },
      );
    const cancel = now ? (ask(), undefined) : later?.(ask);
    return () => {
      live = false;
      cancel?.();
      clearTimeout(timer);
    };
  }, [module, loaded, now, later, attempt]);
  return loaded;
}
