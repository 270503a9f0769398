import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../sync-server/src/config';
import type { Config } from '../sync-server/src/config';
import { sqliteDb } from '../sync-server/src/db/database';
import type { Db } from '../sync-server/src/db/database';
import { DB_FILE_NAME } from '../sync-server/src/db/open';
import { holdsReferralCounts, yearReport } from '../sync-server/src/referrals/service';
import type { ReferralTotals, YearReport } from '../sync-server/src/referrals/service';

/**
 * `npm run report:referrals -- --year 2027`: the year's crisis referral notifications as
 * California's SB 243 asks operators to report them (how many times a crisis service provider
 * referral notification was issued), by month and for the year, from the server's database
 * (DATA_DIR's SQLite file, opened read-only: safe while the server runs). Exit 2: the command line is wrong; 1: no
 * database to read, or a bad configuration.
 */

const USAGE = 'Usage: npm run report:referrals -- --year YYYY   (e.g. --year 2027)';
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

class UsageError extends Error {}

/** The year asked for: `--year YYYY` (or `--year=YYYY`), four digits, nothing else. */
function yearFromArgs(args: string[]): number {
  let values: { year?: string };
  try {
    ({ values } = parseArgs({ args, options: { year: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.year === undefined) throw new UsageError('--year is required');
  if (!/^\d{4}$/.test(values.year) || Number(values.year) < 1970) {
    throw new UsageError(`--year must be a year such as 2027, not "${values.year}"`);
  }
  return Number(values.year);
}

const COLUMNS = ['Crisis replies', 'Help cards shown', 'Total'] as const;

function row(label: string, totals: ReferralTotals): string {
  const cells = [totals.crisisReplies, totals.helpShown, totals.total];
  return (
    label.padEnd(10) +
    cells.map((cell, index) => String(cell).padStart((COLUMNS[index] ?? '').length + 2)).join('')
  );
}

function formatReport(report: YearReport): string {
  const { year, months, wholeYear } = report;
  const header = 'Month'.padEnd(10) + COLUMNS.map((column) => `  ${column}`).join('');
  return [
    `Crisis referral notifications in ${year} (days in UTC)`,
    '',
    header,
    ...months.map((totals, index) => row(MONTHS[index] ?? '', totals)),
    row(String(year), wholeYear),
    '',
    `Referral notifications issued in ${year}: ${wholeYear.total} ` +
      `(${wholeYear.crisisReplies} crisis replies, ${wholeYear.helpShown} help cards shown).`,
    'Crisis replies are counted by the server when it stores one; help cards when a device',
    'shows one (help after a message read as a crisis, the Get help now dialog, the resources',
    'beside a crisis reply), once per card and device, sent when the device next syncs.',
    'The counts hold no personal data: a day, a kind and a number, with no name, email,',
    'account, chat or message.',
  ].join('\n');
}

/**
 * The server's database as the report reads it, the same Db the server's code takes: DATA_DIR's
 * SQLite file, read-only, and where it is. Undefined (and why, said on stderr) when there is
 * none.
 */
function serverDatabase(config: Config): { db: Db; where: string } | undefined {
  const file = path.join(config.dataDir, DB_FILE_NAME);
  if (!existsSync(file)) {
    console.error(`No database at ${file} (is DATA_DIR set as the server's?)`);
    return undefined;
  }
  return {
    db: sqliteDb(new Database(file, { readonly: true, fileMustExist: true })),
    where: file,
  };
}

async function main(): Promise<number> {
  let year: number;
  try {
    year = yearFromArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }
  const opened = serverDatabase(loadConfig());
  if (!opened) return 1;
  const { db, where } = opened;
  try {
    if (!(await holdsReferralCounts({ db }))) {
      console.error(`${where} holds no referral counts yet: start the server once to upgrade it.`);
      return 1;
    }
    console.log(formatReport(await yearReport({ db }, { year })));
    return 0;
  } finally {
    await db.destroy();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Report failed: ${String(error)}`);
  process.exitCode = 1;
}
