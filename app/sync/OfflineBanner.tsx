import { useSyncStore } from './useSyncStore';

/** Tells her when she is offline that what she writes will wait, not vanish. */
export function OfflineBanner() {
  const status = useSyncStore((state) => state.status);
  if (status !== 'offline') return null;
  return (
    <div className="offline-banner" role="status">
      You're offline — messages will send when you're back
    </div>
  );
}
