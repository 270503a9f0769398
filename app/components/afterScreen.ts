import { useEffect } from 'react';

/**
 * Work that can wait until the screen she came for is drawn: fetching the chunks of the
 * dialogs, tooltips and menus she may open next. On a phone's network those
 * fetches, and running what they bring, would compete with what the screen itself still needs
 * (a fresh device's chat waits for its first sync pull). So they start after the next paint,
 * and while a screen holds them back (the chat, until its messages are drawn) once it lets go.
 */

/** A screen that never lets go (an error it did not foresee) holds nothing back longer. */
const MAX_HOLD_MS = 5000;

let holds = 0;
let waiting: (() => void)[] = [];

/**
 * Runs `work` after the next paint: the frame that draws runs first, and a task queued from it
 * runs after its paint. Returns a function that cancels it.
 */
export function afterPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(work)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

function release(): void {
  holds -= 1;
  if (holds > 0) return;
  afterPaint(() => {
    if (holds > 0) return;
    const ready = waiting;
    waiting = [];
    // Each in a task of its own: starting the fetch of a chunk adds the link elements of its
    // dependencies to the page, and a screen's worth of them in one task is a long task, just
    // as she could start to use the screen (longer still on a phone).
    for (const work of ready) setTimeout(work);
  });
}

/** Runs `work` once the screen is drawn (see above). Returns a function that cancels it. */
export function afterScreenDrawn(work: () => void): () => void {
  let cancelled = false;
  const once = () => {
    if (!cancelled) work();
  };
  const cancelPaint = afterPaint(() => {
    if (holds > 0) waiting.push(once);
    else once();
  });
  return () => {
    cancelled = true;
    cancelPaint();
  };
}

/** Holds the work back (5 s at most) until the returned function lets go; once however called. */
function hold(): () => void {
  holds += 1;
  let released = false;
  const letGo = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    release();
  };
  const timer = setTimeout(letGo, MAX_HOLD_MS);
  return letGo;
}

/** Holds afterScreenDrawn's work back while `drawing` (5 s at most): her screen comes first. */
export function useHoldWhileDrawing(drawing: boolean): void {
  useEffect(() => (drawing ? hold() : undefined), [drawing]);
}

let firstScreen: (() => void) | null = null;

/**
 * The app's entry holds the work back until its first screen is in (firstScreenIn): before
 * that, a paint is of nothing she came for. A screen still drawing then holds it on in turn
 * (useHoldWhileDrawing), from the same commit, so there is no gap between the two.
 */
export function holdForFirstScreen(): void {
  firstScreen ??= hold();
}

/** The first screen is on the page (the routes' root layout, after its children's effects). */
export function firstScreenIn(): void {
  firstScreen?.();
}
