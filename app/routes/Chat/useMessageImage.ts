import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import { localImageOf } from '../../db/outbox';

/**
 * The picture of an OCR message: the copy kept on this device when there is one (shown offline
 * and before it is uploaded), else the server's.
 */
export function useMessageImage(messageId: string, imageUrl: string | null): string | null {
  const local = useLiveQuery(() => localImageOf(messageId), [messageId]);
  const objectUrl = useMemo(() => (local ? URL.createObjectURL(local.blob) : null), [local]);
  useEffect(() => {
    if (!objectUrl) return;
    return () => URL.revokeObjectURL(objectUrl);
  }, [objectUrl]);
  return objectUrl ?? imageUrl;
}
