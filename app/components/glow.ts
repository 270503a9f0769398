/** How long what she opened glows, so her eye finds it. */
export const GLOW_MS = 2000;

/**
 * A ring in the theme's focus colour around `element`, held, then faded: a message or memory
 * she opened from elsewhere. No motion, so it suits reduced motion too.
 */
export function glow(element: Element | null | undefined): Animation | undefined {
  const ring = '0 0 0 3px var(--focus)';
  return element?.animate?.(
    [{ boxShadow: ring }, { boxShadow: ring, offset: 0.6 }, { boxShadow: '0 0 0 3px transparent' }],
    { duration: GLOW_MS, easing: 'ease-in' },
  );
}
