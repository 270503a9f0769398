import { useEffect } from 'react';
import { useUserStore } from '../state/useUserStore';
import { startSync } from './runtime';

/** Keeps her device in sync while she is signed in. Renders nothing. */
export function SyncRunner() {
  const user = useUserStore((state) => state.user);
  useEffect(() => (user ? startSync(user) : undefined), [user]);
  return null;
}
