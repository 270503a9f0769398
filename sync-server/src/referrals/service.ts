import {
  DAY_MS,
  HELP_SHOWN_CLOCK_SKEW_MS,
  HELP_SHOWN_MAX_AGE_DAYS,
  utcDay,
} from '@shared/referrals';
import type { HelpShownBody, ReferralKind, UtcDay } from '@shared/referrals';
import type { Deps } from '../deps';
import { validation } from '../http/errors';
import * as repo from './repo';

/**
 * The yearly count: crisis referral notifications per UTC day, for the
 * totals California's SB 243 asks operators to report each year. Only a day, a kind and a
 * number are kept: never who, which chat or which message.
 */

/**
 * Counts referral notifications of `kind` on `day` (today, UTC, by default): one statement,
 * so it is cheap and belongs inside the transaction that stores what it counts (a crisis
 * reply rolled back is not counted).
 */
export async function countReferral(
  deps: Pick<Deps, 'db' | 'now'>,
  props: { kind: ReferralKind; day?: UtcDay; count?: number },
): Promise<void> {
  await repo.addCount(deps.db, {
    kind: props.kind,
    day: props.day ?? utcDay(deps.now()),
    count: props.count ?? 1,
  });
}

/**
 * Help cards a device showed on one day (its countHelpShown mutation, applied once, or a
 * visitor's request). A day ahead of the server (past a fast clock's hour) or older than
 * HELP_SHOWN_MAX_AGE_DAYS is refused with a 400 and nothing counted.
 */
export async function countHelpShown(
  deps: Pick<Deps, 'db' | 'now'>,
  props: HelpShownBody,
): Promise<void> {
  const now = deps.now();
  if (Date.parse(`${props.day}T00:00:00Z`) > now + HELP_SHOWN_CLOCK_SKEW_MS) {
    throw validation({ day: 'Day must not be in the future' });
  }
  if (props.day < utcDay(now - HELP_SHOWN_MAX_AGE_DAYS * DAY_MS)) {
    throw validation({ day: `Day must be within the last ${HELP_SHOWN_MAX_AGE_DAYS} days` });
  }
  await countReferral(deps, { kind: 'help_shown', day: props.day, count: props.count });
}

export interface ReferralTotals {
  crisisReplies: number;
  helpShown: number;
  /** Every referral notification: crisis replies and help cards shown together. */
  total: number;
}

export interface YearReport {
  year: number;
  /** January to December, each month's totals (zeros included). */
  months: ReferralTotals[];
  wholeYear: ReferralTotals;
}

const totalsOf = (crisisReplies: number, helpShown: number): ReferralTotals => ({
  crisisReplies,
  helpShown,
  total: crisisReplies + helpShown,
});

/** A year's counts (UTC days) by month and for the whole year. */
export async function yearReport(
  deps: Pick<Deps, 'db'>,
  props: { year: number },
): Promise<YearReport> {
  const { year } = props;
  const rows = await repo.countsBetween(deps.db, { from: `${year}-01-01`, to: `${year}-12-31` });
  const months = Array.from({ length: 12 }, (_, index) => {
    const month = `${year}-${String(index + 1).padStart(2, '0')}`;
    const sum = (kind: ReferralKind) =>
      rows
        .filter((row) => row.kind === kind && row.day.startsWith(month))
        .reduce((total, row) => total + row.count, 0);
    return totalsOf(sum('crisis_reply'), sum('help_shown'));
  });
  const add = (kind: 'crisisReplies' | 'helpShown') =>
    months.reduce((total, month) => total + month[kind], 0);
  return { year, months, wholeYear: totalsOf(add('crisisReplies'), add('helpShown')) };
}

/** Whether the database has been migrated to hold referral counts (a reader may be older). */
export async function holdsReferralCounts(deps: Pick<Deps, 'db'>): Promise<boolean> {
  return repo.hasCountsTable(deps.db);
}
