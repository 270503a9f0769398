/**
 * `npm run train:safety`: trains the crisis classifier from the labelled data in tests/safety
 * and writes shared/safety/classifier-weights.ts (see scripts/safety/train.ts). The same data
 * gives the same bytes; commit the file with the data that made it.
 */
import { writeFileSync } from 'node:fs';
import { modelSource, train } from './safety/train';

const started = performance.now();
const training = train();
const file = new URL('../shared/safety/classifier-weights.ts', import.meta.url);
writeFileSync(file, modelSource(training.model));
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
console.log('lines per split:', training.counts);
console.log(
  `dev split (lexicon OR classifier, threshold ${training.model.threshold}): recall ${percent(training.dev.recall)} of ${training.dev.crisis}, false alarms ${percent(training.dev.falseAlarms)} of ${training.dev.benign}`,
);
console.log(`wrote ${file.pathname} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
