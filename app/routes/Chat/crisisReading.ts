/**
 * The crisis reading the chat screen loads after its first paint (crisisWarmUp.ts): the
 * detector, her words read in the light of her chat, and the chat's care mode, which reads
 * with them. One chunk, so none of it is part of the screen's first load.
 */
import { classifier, crisisRules, isUnsafeAnswer } from '@shared/safety/crisis';
import { matches } from '@shared/safety/rules';

export { classifier, crisisRules, isUnsafeAnswer, readCrisis } from '@shared/safety/crisis';
export { readInChat } from '@shared/safety/risk';
export { careEndOf } from './careMode';

/** Work per slice before yielding: well under the 50 ms of a long task, on a slow phone too. */
const SLICE_MS = 8;
/** Two ordinary texts: each pattern runs twice, so it is compiled and then tiered up. */
const SAMPLES = ['warming up the reading, nothing to see here', 'a second ordinary line of text'];

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Compiles every crisis pattern (and decodes the classifier's weights) a few at a time, yielding
 * to the page between slices (crisisWarmUp.ts says why). Here, in the reading's own chunk: it
 * only ever runs once the reading is in.
 */
export async function warm(): Promise<true> {
  const steps: (() => void)[] = [
    // The classifier's weights (in the same chunk) are decoded once, in a slice of their own.
    () => classifier.warm(),
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
  return true;
}
