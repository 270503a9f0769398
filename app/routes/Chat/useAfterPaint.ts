import { useEffect, useState } from 'react';
import { afterPaint } from '../../components/afterScreen';

/**
 * True from the frame after `ready` first holds: work that can wait (a read through a whole
 * long chat) starts once what she came for is on screen, not beside it.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(
    () => (ready && !painted ? afterPaint(() => setPainted(true)) : undefined),
    [ready, painted],
  );
  return painted;
}
