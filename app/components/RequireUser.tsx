import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigation } from 'react-router-dom';
import { useUserStore } from '../state/useUserStore';
import { useHoldWhileDrawing } from './afterScreen';
import { Spinner } from './ui/Spinner';

/** Chat routes with `bestie=cassie` are Cassie's free teaser, open to visitors (spec §2). */
export function isOpenToVisitors(pathname: string, search: string): boolean {
  const isChat = pathname === '/chat' || pathname.startsWith('/chat/');
  return isChat && new URLSearchParams(search).get('bestie') === 'cassie';
}

/**
 * The guard rule (spec §2): a spinner while we learn who she is; the page when she is signed
 * in; otherwise the login page, which brings her back here afterwards.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { status, user } = useUserStore();
  const { pathname, search } = useLocation();
  const leaving = useNavigation().state !== 'idle';
  // The screen behind the spinner is not drawn yet: what can wait for it waits.
  useHoldWhileDrawing(status === 'loading');

  if (status === 'loading') return <Spinner fullScreen />;
  if (user || isOpenToVisitors(pathname, search)) return children;
  // Signed out on her way off this page (logging out, deleting her account): the next screen
  // may still be loading its chunk; let that navigation land rather than bounce her to /auth.
  if (leaving) return children;
  return <Navigate replace to={`/auth?redirect=${encodeURIComponent(pathname + search)}`} />;
}
