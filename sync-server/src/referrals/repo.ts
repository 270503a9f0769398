import type { ReferralKind, UtcDay } from '@shared/referrals';
import type { LegacyDb as Db } from '../db/open';

export interface ReferralCountRow {
  day: UtcDay;
  kind: ReferralKind;
  count: number;
}

/** Adds `count` to the day's count of `kind` (one statement: cheap inside any transaction). */
export function addCount(db: Db, row: ReferralCountRow): void {
  db.prepare(
    `INSERT INTO referral_counts (day, kind, count) VALUES (?, ?, ?)
     ON CONFLICT (day, kind) DO UPDATE SET count = count + excluded.count`,
  ).run(row.day, row.kind, row.count);
}

/** The counts of the days from `from` to `to` (both included), oldest first. */
export function countsBetween(
  db: Pick<Db, 'prepare'>,
  range: { from: UtcDay; to: UtcDay },
): ReferralCountRow[] {
  return db
    .prepare<[string, string], ReferralCountRow>(
      `SELECT day, kind, count FROM referral_counts
       WHERE day BETWEEN ? AND ? ORDER BY day, kind`,
    )
    .all(range.from, range.to);
}

/** Whether the database has the table yet (migration 013), for a read-only reader. */
export function hasCountsTable(db: Pick<Db, 'prepare'>): boolean {
  return (
    db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'referral_counts'",
      )
      .get() !== undefined
  );
}
