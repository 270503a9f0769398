import { useToastStore } from '../../state/useToastStore';
import { afterScreenDrawn } from '../afterScreen';
import { lazyModule, useLazyModule } from '../lazyModule';

const toaster = lazyModule(() => import('./Toaster'));

/**
 * The toasts' area (Radix Toast, ~6 kB gzip with what it brings): loaded once the screen is
 * drawn (afterScreen.ts), or at once for a toast said before that, which then shows as soon as
 * it is in. Nothing of it is visible before a toast anyway. Offline before the app is cached,
 * it waits (asked again every 2 s) rather than break the page.
 */
export function LazyToaster() {
  const asked = useToastStore((state) => state.current !== null);
  const loaded = useLazyModule(toaster, { now: asked, later: afterScreenDrawn });
  return loaded ? <loaded.Toaster /> : null;
}
