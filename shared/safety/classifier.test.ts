import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { modelSource, train } from '../../scripts/safety/train';
import { LABELLED, loadLabelled } from '../../tests/safety/split';
import { decodeWeights, encodeWeights, features } from './classifier';
import { classifier, readCrisis } from './crisis';

describe('the crisis classifier', () => {
  // One fresh run against the committed file, written by an earlier run: the same bytes show
  // training is deterministic and the file is what the script writes.
  it('is what `npm run train:safety` writes, the same on every run', () => {
    const committed = readFileSync(new URL('./classifier-weights.ts', import.meta.url), 'utf8');
    const fresh = modelSource(train().model);
    expect(fresh === committed, 'retrain (npm run train:safety) and commit the weights').toBe(true);
  }, 20_000);

  it('trains on the labelled files only, never on a fresh batch', () => {
    for (const file of LABELLED) expect(file.name).not.toMatch(/^fresh-/);
    const lines = loadLabelled();
    const splits = new Set(lines.map((line) => line.split));
    expect([...splits].sort()).toEqual(['dev', 'test', 'train']);
    // A text and its spellings share one split: no duplicate straddles train and test.
    const test = new Set(lines.filter((l) => l.split === 'test').map((l) => l.text.toLowerCase()));
    const leaked = lines.filter((l) => l.split !== 'test' && test.has(l.text.toLowerCase()));
    expect(leaked.map((line) => `${line.file}:${line.line}`)).toEqual([]);
  });

  it('round-trips its byte weights and hashes the same text the same way', () => {
    const bytes = new Int8Array([-127, -1, 0, 1, 127]);
    expect([...decodeWeights(encodeWeights(bytes))]).toEqual([...bytes]);
    expect(features('i have a plan', 1 << 15)).toEqual(features('i have a plan', 1 << 15));
    const norm = features('kms fr', 1 << 15).reduce((sum, [, value]) => sum + value * value, 0);
    expect(norm).toBeCloseTo(1, 10);
  });

  it('scores a probability', () => {
    const score = classifier.score('i have been saving my pills for when im ready');
    expect(score).toBeGreaterThan(0);
    expect(score).toBeLessThan(1);
  });
});

describe('readCrisis catches phrasings real users wrote that it once missed', () => {
  it.each([
    "i've been saving up my meds for when i'm ready",
    'i have a plan and a date',
    "i'm done. goodbye everyone",
    "if i'm not here next week just know it wasn't your fault",
    "i keep hoping i just won't wake up tomorrow",
    "i've been planning how i'd do it",
    'kmssss',
  ])('"%s"', (text) => {
    expect(readCrisis(text).crisis).toBe(true);
  });
});

describe('readCrisis leaves ordinary near-misses alone', () => {
  it.each([
    'this exam is killing me',
    "i'm done with this homework, finally",
    'goodbye everyone, see you monday!',
    'i have a plan for the weekend and a date on saturday',
    "i've been saving up for a new phone",
    'i hope i dont wake up early tomorrow, its saturday',
    'leave me alone',
    'whatever',
  ])('"%s"', (text) => {
    expect(readCrisis(text).crisis).toBe(false);
  });
});
