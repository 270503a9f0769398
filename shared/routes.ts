/**
 * The app's routes (spec §2, route table). The client router and the server's
 * SPA fallback both read this list, so an unknown path is a 404 on both sides.
 */
export const APP_ROUTES = [
  '/',
  '/auth',
  '/forgot-password',
  '/reset-password',
  '/checkout',
  '/checkout-success',
  '/chat',
  '/chat/:id',
  '/settings',
  '/test-success',
  '/privacy',
  '/terms',
] as const;

export function isAppRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return APP_ROUTES.some((route) => {
    if (!route.includes(':')) return route === path;
    const prefix = route.slice(0, route.indexOf(':'));
    const rest = path.slice(prefix.length);
    return path.startsWith(prefix) && rest.length > 0 && !rest.includes('/');
  });
}

/**
 * A post-login destination from a `redirect` query parameter: only a same-origin
 * path ("/chat?x=1"), never "//evil.example", "/..//evil.example" or "https://evil.example".
 */
export function safeRedirectPath(redirect: string | null | undefined): string | null {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return null;
  if (redirect.includes('\\') || [...redirect].some((ch) => ch.charCodeAt(0) < 0x20)) return null;
  try {
    const url = new URL(redirect, 'http://same.origin');
    if (url.origin !== 'http://same.origin') return null;
    const path = url.pathname + url.search + url.hash;
    // "/..//evil.example" resolves to "//evil.example": another site again, once normalised.
    return path.startsWith('//') || path.startsWith('/\\') ? null : path;
  } catch {
    return null;
  }
}
