import { useEffect, useState } from 'react';
import { crisisRules, isUnsafeAnswer } from '@shared/safety/crisis';
import { matches } from '@shared/safety/rules';

/**
 * The crisis patterns are a few hundred regular expressions. V8 compiles each on its first use
 * and again, to machine code, on its second: about 150 ms on this machine, over half a second
 * on a mid-range phone, all in one task if the first chat drawn reads them. So the chat screen
 * draws first (reading only what it must at once, see chatItemsOf), then this compiles them a
 * few at a time, yielding to the page between slices, and the rest of the reading follows.
 */

/** Work per slice before yielding: well under the 50 ms of a long task, on a slow phone too. */
const SLICE_MS = 8;
/** Two ordinary texts: each pattern runs twice, so it is compiled and then tiered up. */
const SAMPLES = ['warming up the reading, nothing to see here', 'a second ordinary line of text'];

let warmed = false;
let warming: Promise<void> | undefined;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

async function warm(): Promise<void> {
  const steps: (() => void)[] = [
    ...crisisRules().flatMap((rule) => SAMPLES.map((sample) => () => void matches(rule, sample))),
    // Last: it reads the whole lexicon first (cheap by then), then its own few patterns.
    ...SAMPLES.map((sample) => () => void isUnsafeAnswer(sample)),
  ];
  let sliceStart = performance.now();
  for (const step of steps) {
    step();
    if (performance.now() - sliceStart >= SLICE_MS) {
      await nextTask();
      sliceStart = performance.now();
    }
  }
  warmed = true;
}

/** Compiles every crisis pattern, in slices; once per page, however many ask. */
export function warmCrisisReading(): Promise<void> {
  warming ??= warm();
  return warming;
}

/** True once the crisis patterns are compiled; starts that when `start` first holds. */
export function useCrisisReadingWarm(start: boolean): boolean {
  const [done, setDone] = useState(warmed);
  useEffect(() => {
    if (!start || done) return;
    let live = true;
    void warmCrisisReading().then(() => {
      if (live) setDone(true);
    });
    return () => {
      live = false;
    };
  }, [start, done]);
  return done;
}
