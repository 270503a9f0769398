import { lazy, Suspense } from 'react';
import { useUserStore } from '../state/useUserStore';

// Dexie and the sync engine load with the first signed-in user: a visitor never fetches them.
const SyncSession = lazy(async () => ({ default: (await import('./SyncSession')).SyncSession }));

/** Keeps her device in sync while someone is signed in. Renders nothing. */
export function SyncRunner() {
  const signedIn = useUserStore((state) => state.user !== null);
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <SyncSession />
    </Suspense>
  );
}
