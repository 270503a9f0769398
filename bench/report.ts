/**
 * One shape for every bench's figures, so `npm run bench` can end with a single table.
 *
 * A bench calls `report(name, checks)`: it prints its own table, sets a non-zero exit code
 * when a budget is missed, and (when `BENCH_REPORT_DIR` is set, as `bench/run.ts` does) writes
 * its checks to `<dir>/<name>.json` for the closing table.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Check {
  /** What was measured, with its unit: 'full pull, 1,000 chats × 50 messages (s)'. */
  measure: string;
  /** The figure as printed. */
  value: string;
  /** The budget or the baseline it is held against ('<= 5', '>= 40 % of bare Koa'); '' when informative. */
  budget: string;
  /** False when the budget was missed; informative rows are always true. */
  ok: boolean;
}

export interface BenchReport {
  bench: string;
  checks: Check[];
}

export function resultOf(ok: boolean): 'ok' | 'MISSED' {
  return ok ? 'ok' : 'MISSED';
}

export function printChecks(checks: Check[]): void {
  console.table(checks.map(({ ok, ...row }) => ({ ...row, result: resultOf(ok) })));
}

export function report(bench: string, checks: Check[]): void {
  printChecks(checks);
  const dir = process.env.BENCH_REPORT_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    const body: BenchReport = { bench, checks };
    writeFileSync(join(dir, `${bench}.json`), JSON.stringify(body, null, 2));
  }
  if (checks.some((check) => !check.ok)) process.exitCode = 1;
}
