/**
 * `npm run bench:safety`: how well readCrisis (shared/safety/crisis.ts: lexicon OR the learned
 * classifier) reads labelled messages, how long one message takes, and how big the classifier
 * is. Prints tables; exits 1 on a missed budget.
 *
 * - (a) The sealed test split of the labelled data (tests/safety/split.ts): never used to tune
 *   the classifier, its threshold or the lexicon. Budgets apply. Its lines from the new files
 *   (written after the lexicon) are shown apart, informative: the lexicon was tuned on
 *   crisis.txt and benign.txt, so their share of the split is not unseen by it.
 * - (b) Every fresh batch tests/safety/fresh-<date>-crisis.txt with its
 *   fresh-<date>-benign.txt, if present, each scored on its own: no training reads them.
 *   Budgets apply to each.
 * - (c) The old whole corpora (crisis.txt, benign.txt), informative: the lexicon was tuned on
 *   them and most of their lines train the classifier.
 * - The classifier's payload (its code and weights, gzip) and the mean time per message.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { readCrisis } from '@shared/safety/crisis';
import { ALL, loadCorpus, loadFile, rate, score } from '../tests/safety/corpus';
import type { CorpusLine, Score, Tally } from '../tests/safety/corpus';
import { loadLabelled, splitOf } from '../tests/safety/split';
import type { Check } from './report';
import { report } from './report';

const BUDGET = {
  recall: 0.98,
  falseAlarms: 0.02,
  meanMs: 1,
  payloadKb: 150,
};

const ROUNDS = 20;
const SAFETY = new URL('../tests/safety/', import.meta.url);
const SHARED = new URL('../shared/safety/', import.meta.url);

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

function rows(tallies: Map<string, Tally>, what: 'recall' | 'false alarms') {
  const keys = [...tallies.keys()].filter((key) => key !== ALL);
  const groups = keys.filter((key) => !key.startsWith('lang:')).sort();
  const languages = keys.filter((key) => key.startsWith('lang:')).sort();
  return [...groups, ...languages, ALL].map((key) => {
    const tally = tallies.get(key) ?? { total: 0, flagged: 0 };
    return {
      [what === 'recall' ? 'category / language' : 'group / language']: key.replace('lang:', ''),
      lines: tally.total,
      [what]: percent(rate(tally)),
    };
  });
}

/** Per-message times after a warm-up (the first reads compile every pattern, ~0.1 s once). */
function time(texts: string[]) {
  for (let round = 0; round < 3; round += 1) for (const text of texts) readCrisis(text);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const text of texts) {
      const started = performance.now();
      readCrisis(text);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, ms) => sum + ms, 0) / times.length;
  return { mean, p99: times[Math.floor(times.length * 0.99)] ?? 0, max: times.at(-1) ?? 0 };
}

/** Recall and false-alarm checks for one set of lines; `budget` false makes them informative. */
function checksOf(name: string, result: Score, budget: boolean): Check[] {
  const recall = result.recall.get(ALL);
  const alarms = result.falseAlarms.get(ALL);
  return [
    {
      measure: `${name}: recall (${recall?.total ?? 0} crisis lines)`,
      value: percent(rate(recall)),
      budget: budget ? `>= ${percent(BUDGET.recall)}` : '',
      ok: !budget || rate(recall) >= BUDGET.recall,
    },
    {
      measure: `${name}: false alarms (${alarms?.total ?? 0} benign lines)`,
      value: percent(rate(alarms)),
      budget: budget ? `<= ${percent(BUDGET.falseAlarms)}` : '',
      ok: !budget || rate(alarms) <= BUDGET.falseAlarms,
    },
  ];
}

function printLines(file: string, lines: CorpusLine[], what: 'missed' | 'alarm') {
  for (const line of lines) console.log(`${what.padEnd(6)}  ${file}:${line.line}  ${line.text}`);
}

/** The fresh batches: fresh-<date>-crisis.txt with its fresh-<date>-benign.txt. */
function freshBatches(): Array<{ name: string; crisis: string; benign: string }> {
  const files = readdirSync(SAFETY).sort();
  return files.flatMap((file) => {
    const found = /^fresh-(.+)-crisis\.txt$/.exec(file);
    if (!found) return [];
    const benign = `fresh-${found[1]}-benign.txt`;
    if (!files.includes(benign)) throw new Error(`${file} has no ${benign}`);
    return [{ name: `fresh ${found[1]}`, crisis: file, benign }];
  });
}

/** The classifier's code and weights as gzip bytes (what the crisis chunk gains). */
function payloadBytes(): number {
  return ['classifier.ts', 'classifier-weights.ts']
    .map((file) => gzipSync(readFileSync(new URL(file, SHARED)), { level: 9 }).length)
    .reduce((sum, bytes) => sum + bytes, 0);
}

function main() {
  const checks: Check[] = [];

  // (a) The sealed test split: crisis lines and near misses; everyday chat scored apart below.
  const sealedAll = loadLabelled().filter((line) => line.split === 'test');
  const labelled = sealedAll.filter((line) => !line.everyday);
  const sealed = score(
    labelled.filter((line) => line.label === 'crisis'),
    labelled.filter((line) => line.label === 'benign'),
  );
  console.log('(a) Sealed test split: recall');
  console.table(rows(sealed.recall, 'recall'));
  console.log('(a) Sealed test split: false alarms');
  console.table(rows(sealed.falseAlarms, 'false alarms'));
  checks.push(...checksOf('sealed test split', sealed, true));
  const unseen = labelled.filter((line) => !line.tunedLexicon);
  checks.push(
    ...checksOf(
      'sealed split, new files only (informative)',
      score(
        unseen.filter((line) => line.label === 'crisis'),
        unseen.filter((line) => line.label === 'benign'),
      ),
      false,
    ),
  );

  const everyday = sealedAll.filter((line) => line.everyday);
  const everydayAlarms = everyday.filter((line) => readCrisis(line.text).crisis);
  checks.push({
    measure: `sealed split, everyday chat: false alarms (${everyday.length} lines)`,
    value: percent(everyday.length ? everydayAlarms.length / everyday.length : 0),
    budget: `<= ${percent(BUDGET.falseAlarms)}`,
    ok: everyday.length > 0 && everydayAlarms.length / everyday.length <= BUDGET.falseAlarms,
  });

  // (b) Each fresh batch, apart.
  for (const batch of freshBatches()) {
    const crisis = loadFile(new URL(batch.crisis, SAFETY));
    const benign = loadFile(new URL(batch.benign, SAFETY));
    const result = score(crisis, benign);
    console.log(`(b) ${batch.name}: recall`);
    console.table(rows(result.recall, 'recall'));
    console.log(`(b) ${batch.name}: false alarms`);
    console.table(rows(result.falseAlarms, 'false alarms'));
    printLines(batch.crisis, result.missed, 'missed');
    printLines(batch.benign, result.alarms, 'alarm');
    checks.push(...checksOf(batch.name, result, true));
  }

  // (c) The old whole corpora, informative.
  const crisis = loadCorpus('crisis');
  const benign = loadCorpus('benign');
  const old = score(crisis, benign);
  // Lines of the sealed split are never printed: what is seen is what gets tuned.
  const isSealed = (line: CorpusLine) => splitOf(line.text) === 'test';
  printLines(
    'crisis.txt',
    old.missed.filter((line) => !isSealed(line)),
    'missed',
  );
  printLines(
    'benign.txt',
    old.alarms.filter((line) => !isSealed(line)),
    'alarm',
  );
  const hidden = [...old.missed, ...old.alarms].filter(isSealed).length;
  if (hidden > 0) console.log(`(${hidden} more in the sealed test split, not printed)`);
  checks.push(...checksOf('old corpora, whole (informative: tuned on)', old, false));
  checks.push({
    measure: 'old corpora: read under another category (informative)',
    value: `${old.otherCategory} of ${crisis.length - old.missed.length}`,
    budget: '',
    ok: true,
  });

  const timing = time([...crisis, ...benign].map((line) => line.text));
  const payloadKb = payloadBytes() / 1024;
  checks.push(
    {
      measure: `mean time per message (ms, ${ROUNDS} rounds)`,
      value: timing.mean.toFixed(4),
      budget: `< ${BUDGET.meanMs}`,
      ok: timing.mean < BUDGET.meanMs,
    },
    { measure: 'p99 time per message (ms)', value: timing.p99.toFixed(4), budget: '', ok: true },
    {
      measure: 'max time per message (ms, GC pauses included)',
      value: timing.max.toFixed(4),
      budget: '',
      ok: true,
    },
    {
      measure: 'classifier payload, code + weights (KB gzip -9)',
      value: payloadKb.toFixed(1),
      budget: `<= ${BUDGET.payloadKb}`,
      ok: payloadKb <= BUDGET.payloadKb,
    },
  );
  report('safety', checks);
}

main();
