import { lazy, Suspense, useEffect, useState } from 'react';
import { useToastStore } from '../../state/useToastStore';
import { afterScreenDrawn } from '../afterScreen';

const Toaster = lazy(async () => ({ default: (await import('./Toaster')).Toaster }));

/**
 * The toasts' area (Radix Toast, ~6 kB gzip with what it brings): loaded once the screen is
 * drawn (afterScreen.ts), or at once for a toast said before that, which then shows as soon as
 * it is in. Nothing of it is visible before a toast anyway.
 */
export function LazyToaster() {
  const asked = useToastStore((state) => state.current !== null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => afterScreenDrawn(() => setDrawn(true)), []);
  if (!drawn && !asked) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
