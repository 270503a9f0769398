/**
 * The crisis and benign corpora (crisis.txt, benign.txt, and the others split.ts lists): one
 * message a line, `group|language|text`; blank lines and lines starting with `#` are comments.
 * Read by the detector's unit test, the training script and `npm run bench:safety`.
 */
import { readFileSync } from 'node:fs';
import { readCrisis } from '@shared/safety/crisis';

export interface CorpusLine {
  /** Category for crisis.txt, group (figure, lyrics, medical...) for benign.txt. */
  group: string;
  language: string;
  text: string;
  line: number;
}

export function loadCorpus(name: 'crisis' | 'benign'): CorpusLine[] {
  return loadFile(new URL(`./${name}.txt`, import.meta.url));
}

/** Any file of the same format (the other labelled files, the fresh batches). */
export function loadFile(file: URL | string): CorpusLine[] {
  const name = String(file).split('/').at(-1);
  const lines: CorpusLine[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((raw, index) => {
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) return;
      const [group, language, ...rest] = line.split('|');
      const text = rest.join('|');
      if (!group || !language || !text) throw new Error(`${name}:${index + 1}: ${line}`);
      lines.push({ group, language, text, line: index + 1 });
    });
  return lines;
}

export interface Tally {
  total: number;
  flagged: number;
}

export interface Score {
  /** Crisis lines read as a crisis, by category, by language and overall. */
  recall: Map<string, Tally>;
  /** Benign lines read as a crisis, by group, by language and overall. */
  falseAlarms: Map<string, Tally>;
  missed: CorpusLine[];
  alarms: CorpusLine[];
  /** Crisis lines caught under another category than their label (informative only). */
  otherCategory: number;
}

function count(tallies: Map<string, Tally>, key: string, flagged: boolean) {
  const tally = tallies.get(key) ?? { total: 0, flagged: 0 };
  tally.total += 1;
  if (flagged) tally.flagged += 1;
  tallies.set(key, tally);
}

export const ALL = 'all';

export function score(crisis: CorpusLine[], benign: CorpusLine[]): Score {
  const result: Score = {
    recall: new Map(),
    falseAlarms: new Map(),
    missed: [],
    alarms: [],
    otherCategory: 0,
  };
  for (const line of crisis) {
    const reading = readCrisis(line.text);
    if (!reading.crisis) result.missed.push(line);
    else if (reading.category !== line.group) result.otherCategory += 1;
    for (const key of [ALL, line.group, `lang:${line.language}`])
      count(result.recall, key, reading.crisis);
  }
  for (const line of benign) {
    const reading = readCrisis(line.text);
    if (reading.crisis) result.alarms.push(line);
    for (const key of [ALL, line.group, `lang:${line.language}`])
      count(result.falseAlarms, key, reading.crisis);
  }
  return result;
}

export function rate(tally: Tally | undefined): number {
  return tally && tally.total > 0 ? tally.flagged / tally.total : 0;
}
