import { useEffect, useState } from 'react';
import { uuidv7 } from '@shared/uuid';
import { countHelpShown } from './countHelpShown';

/**
 * Counts the help card this component shows (the yearly count), once: under `key`
 * when given (a help card's row, a crisis reply's id: a re-render, a remount as she scrolls or
 * a reload never counts it again on this device); once for each time it is mounted when
 * `undefined` (the 'Get help now' dialog, counted each time it opens); not at all when `null`.
 */
export function useCountHelpShown(key: string | null | undefined): void {
  const [ownKey] = useState(() => `shown-${uuidv7()}`);
  const counted = key === undefined ? ownKey : key;
  useEffect(() => {
    if (counted !== null) void countHelpShown(counted);
  }, [counted]);
}
