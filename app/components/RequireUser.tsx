import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useUserStore } from '../state/useUserStore';
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

  if (status === 'loading') return <Spinner fullScreen />;
  if (user || isOpenToVisitors(pathname, search)) return children;
  return <Navigate replace to={`/auth?redirect=${encodeURIComponent(pathname + search)}`} />;
}
