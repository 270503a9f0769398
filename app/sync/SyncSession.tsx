import { useEffect } from 'react';
import { keepAccount } from '../db/sync';
import { useUserStore } from '../state/useUserStore';
import { startSync } from './runtime';

/**
 * Keeps her device in sync while she is signed in. Renders nothing. The engine starts once
 * per account (a new plan or a profile change does not restart it); her account as it changes
 * is kept on the device, so an offline start shows it as it last was.
 */
export function SyncSession() {
  const userId = useUserStore((state) => state.user?.id);
  const user = useUserStore((state) => state.user);
  useEffect(() => {
    const current = useUserStore.getState().user;
    return userId && current ? startSync(current) : undefined;
  }, [userId]);
  useEffect(() => {
    if (user) keepAccount(user).catch(() => undefined);
  }, [user]);
  return null;
}
