import { useEffect, useState } from 'react';

/**
 * True from the frame after `ready` first holds: work that can wait (a read through a whole
 * long chat) starts once what she came for is on screen, not beside it.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: number | undefined;
    // The frame that draws it runs first; a task queued from it runs after its paint.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
