import { safeRedirectPath } from '@shared/routes';

export type AuthTab = 'login' | 'signup';

export const DEFAULT_DESTINATION = '/chat?bestie=cassie';

/**
 * Which tab /auth opens on (spec §2): Sign Up for signup=true, ref=landing, trial=true
 * ("Start chatting free") and ref=success ("Create Account" after paying); mode=login always
 * means Log In; anything else opens Log In.
 */
export function initialTab(params: URLSearchParams): AuthTab {
  if (params.get('mode') === 'login') return 'login';
  const ref = params.get('ref');
  if (params.get('signup') === 'true' || params.get('trial') === 'true') return 'signup';
  if (ref === 'landing' || ref === 'success') return 'signup';
  return 'login';
}

/** Where she goes after logging in: the `redirect` path when it stays on this site, else chat. */
export function destinationAfterAuth(params: URLSearchParams): string {
  const path = safeRedirectPath(params.get('redirect'));
  if (!path) return DEFAULT_DESTINATION;
  // Sending a signed-in user back to /auth would bounce forever.
  const pathname = path.split(/[?#]/)[0];
  return pathname === '/auth' ? DEFAULT_DESTINATION : path;
}
