/**
 * `npm run bench`: every bench in turn, each in its own process (so one's heap and timers
 * never weigh on the next), then one table of every figure with its budget or baseline and
 * ok or MISSED. Exits 1 when a budget is missed or a bench could not finish.
 *
 * `npm run bench -- server sync` runs only those. Each bench also runs alone as
 * `npm run bench:<name>`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printChecks, type BenchReport, type Check } from './report';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** In this order: the bundle bench builds dist/, which the browser benches serve. */
const BENCHES: { name: string; file: string }[] = [
  { name: 'bundle', file: 'bundle.ts' },
  { name: 'lighthouse', file: 'lighthouse.ts' },
  { name: 'long-chat', file: 'long-chat.ts' },
  { name: 'search', file: 'search.ts' },
  { name: 'sync', file: 'sync-pull.ts' },
  { name: 'sync-browser', file: 'sync-browser.ts' },
  { name: 'live-sync', file: 'live-sync.ts' },
  { name: 'server', file: 'server.ts' },
  { name: 'reply', file: 'reply-latency.ts' },
  { name: 'repetition', file: 'repetition.ts' },
  { name: 'memory', file: 'memory.ts' },
  { name: 'safety', file: 'safety.ts' },
  { name: 'ocr', file: 'ocr.ts' },
  { name: 'ocr-first-read', file: 'ocr-first-read.ts' },
  { name: 'ocr-load', file: 'ocr-load.ts' },
  { name: 'export', file: 'export.ts' },
];

function main(): void {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !BENCHES.some((bench) => bench.name === name));
  if (unknown.length > 0) {
    console.error(
      `No such bench: ${unknown.join(', ')} (${BENCHES.map((b) => b.name).join(', ')})`,
    );
    process.exit(2);
  }
  const chosen = wanted.length > 0 ? BENCHES.filter((b) => wanted.includes(b.name)) : BENCHES;
  const dir = mkdtempSync(join(tmpdir(), 'besties-bench-'));
  const rows: Check[] = [];
  try {
    for (const { name, file } of chosen) {
      console.log(`\n=== bench ${name} ===`);
      const run = spawnSync('npx', ['tsx', join('bench', file)], {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, BENCH_REPORT_DIR: dir },
      });
      const written = join(dir, `${name}.json`);
      const checks = existsSync(written)
        ? (JSON.parse(readFileSync(written, 'utf8')) as BenchReport).checks
        : [];
      rows.push(...checks.map((check) => ({ ...check, measure: `${name}: ${check.measure}` })));
      if (run.status !== 0 && checks.every((check) => check.ok)) {
        rows.push({
          measure: `${name}: finished`,
          value: `exit ${run.status ?? run.signal}`,
          budget: 'exit 0',
          ok: false,
        });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log('\n=== npm run bench: every figure ===');
  printChecks(rows);
  const missed = rows.filter((row) => !row.ok).length;
  console.log(missed === 0 ? 'Every budget holds.' : `${missed} budget(s) missed.`);
  if (missed > 0) process.exitCode = 1;
}

main();
