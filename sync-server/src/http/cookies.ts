import type { Deps } from '../deps';

/** True when the site is served over https (PUBLIC_URL): cookies then go `Secure`, `__Host-`. */
export const isHttps = (deps: Deps) => deps.config.publicUrl.startsWith('https:');

/**
 * A Set-Cookie value of ours (HttpOnly, SameSite=Lax, the whole site, Secure over https), written
 * by hand: Koa's cookie helper refuses `Secure` on a plain connection, which is exactly the case
 * behind a TLS-terminating proxy.
 */
export function ownCookie(deps: Deps, name: string, value: string, maxAgeSeconds: number): string {
  const parts = [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (isHttps(deps)) parts.push('Secure');
  return parts.join('; ');
}
