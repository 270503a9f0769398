import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataEnvOf, makeDataDir, onPostgres, startTestServer } from './harness';
import { runScript } from './runScript';

/** `npm run report:referrals -- <args>` as the operator runs it. */
const runReport = (dataDir: string, args: string[]) =>
  runScript('scripts/report-referrals.ts', args, dataEnvOf(dataDir));

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A DATA_DIR whose database (migrated as the server leaves it) holds these counts. */
async function dataDirWith(
  rows: [day: string, kind: 'crisis_reply' | 'help_shown', count: number][],
) {
  const dataDir = await makeDataDir();
  dirs.push(dataDir);
  const server = await startTestServer({ dataDir });
  try {
    if (rows.length > 0) {
      await server.db
        .insertInto('referral_counts')
        .values(rows.map(([day, kind, count]) => ({ day, kind, count })))
        .execute();
    }
  } finally {
    await server.stop({ keepData: true });
  }
  return dataDir;
}

/** The numbers of the table's line for `label` (a month's name or the year). */
const lineOf = (stdout: string, label: string) =>
  stdout
    .split('\n')
    .find((line) => line.startsWith(`${label} `))
    ?.slice(label.length)
    .trim()
    .split(/\s+/)
    .map(Number);

// The report reads DATA_DIR's SQLite file; it takes no DATABASE_URL yet.
describe.skipIf(onPostgres)('npm run report:referrals -- --year YYYY', () => {
  it("prints the year's crisis replies, help cards shown and total referral notifications, by month and for the year", async () => {
    const dataDir = await dataDirWith([
      ['2026-12-31', 'crisis_reply', 50],
      ['2027-01-01', 'crisis_reply', 2],
      ['2027-01-31', 'help_shown', 3],
      ['2027-01-31', 'crisis_reply', 1],
      ['2027-06-15', 'help_shown', 7],
      ['2027-12-31', 'help_shown', 4],
      ['2028-01-01', 'help_shown', 60],
    ]);
    const { code, stdout, stderr } = await runReport(dataDir, ['--year', '2027']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('Crisis referral notifications in 2027');
    expect(stdout).toMatch(/Month\s+Crisis replies\s+Help cards shown\s+Total/);
    expect(lineOf(stdout, 'January')).toEqual([3, 3, 6]);
    expect(lineOf(stdout, 'February')).toEqual([0, 0, 0]);
    expect(lineOf(stdout, 'June')).toEqual([0, 7, 7]);
    expect(lineOf(stdout, 'December')).toEqual([0, 4, 4]);
    expect(lineOf(stdout, '2027')).toEqual([3, 14, 17]);
    expect(stdout).toContain(
      'Referral notifications issued in 2027: 17 (3 crisis replies, 14 help cards shown).',
    );
    expect(stdout).toMatch(/no personal data/);
  });

  it('prints zeros for a year with no counts', async () => {
    const dataDir = await dataDirWith([['2027-05-01', 'help_shown', 1]]);
    const { code, stdout } = await runReport(dataDir, ['--year=2030']);
    expect(code).toBe(0);
    expect(lineOf(stdout, '2030')).toEqual([0, 0, 0]);
  });

  it('exits 2 with a clear message when --year is missing or not a year', async () => {
    const dataDir = await dataDirWith([]);
    for (const [args, message] of [
      [[], '--year is required'],
      [['--year', '27'], '--year must be a year such as 2027, not "27"'],
      [['--year', 'last'], '--year must be a year such as 2027, not "last"'],
      [['--year', '2027', '--month', '3'], "Unknown option '--month'"],
    ] as const) {
      const { code, stdout, stderr } = await runReport(dataDir, [...args]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain(message);
      expect(stderr).toContain('Usage: npm run report:referrals -- --year YYYY');
    }
  });

  it('exits 1 when DATA_DIR holds no database', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    const { code, stderr } = await runReport(dataDir, ['--year', '2027']);
    expect(code).toBe(1);
    expect(stderr).toContain(`No database at ${path.join(dataDir, 'besties.sqlite')}`);
  });
});
