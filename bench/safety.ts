/**
 * `npm run bench:safety`: how well readCrisis (shared/safety/crisis.ts) reads the corpora in
 * tests/safety — recall on crisis.txt and false alarms on benign.txt, per category, group and
 * language — and how long one message takes. Prints tables; exits 1 on a missed budget.
 */
import { readCrisis } from '@shared/safety/crisis';
import { ALL, loadCorpus, rate, score } from '../tests/safety/corpus';
import type { Tally } from '../tests/safety/corpus';
import { report } from './report';

const BUDGET = {
  recall: 0.98,
  falseAlarms: 0.02,
  meanMs: 1,
};

const ROUNDS = 20;

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

function main() {
  const crisis = loadCorpus('crisis');
  const benign = loadCorpus('benign');
  const result = score(crisis, benign);

  console.log('Recall: crisis messages read as a crisis');
  console.table(rows(result.recall, 'recall'));
  console.log('False alarms: ordinary messages read as a crisis');
  console.table(rows(result.falseAlarms, 'false alarms'));
  for (const line of result.missed) console.log(`missed  crisis.txt:${line.line}  ${line.text}`);
  for (const line of result.alarms) console.log(`alarm   benign.txt:${line.line}  ${line.text}`);

  const timing = time([...crisis, ...benign].map((line) => line.text));
  const recall = rate(result.recall.get(ALL));
  const falseAlarms = rate(result.falseAlarms.get(ALL));
  const checks = [
    {
      measure: `recall (${crisis.length} crisis lines)`,
      value: percent(recall),
      budget: `>= ${percent(BUDGET.recall)}`,
      ok: recall >= BUDGET.recall,
    },
    {
      measure: `false alarms (${benign.length} benign lines)`,
      value: percent(falseAlarms),
      budget: `<= ${percent(BUDGET.falseAlarms)}`,
      ok: falseAlarms <= BUDGET.falseAlarms,
    },
    {
      measure: 'read under another category (informative)',
      value: `${result.otherCategory} of ${crisis.length - result.missed.length}`,
      budget: '',
      ok: true,
    },
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
  ];
  report('safety', checks);
}

main();
