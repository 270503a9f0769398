import { sql } from 'kysely';
import type { ReferralKind, UtcDay } from '@shared/referrals';
import type { Db } from '../db/database';

export interface ReferralCountRow {
  day: UtcDay;
  kind: ReferralKind;
  count: number;
}

/** Adds `count` to the day's count of `kind` (one statement: cheap inside any transaction). */
export async function addCount(db: Db, row: ReferralCountRow): Promise<void> {
  await db
    .insertInto('referral_counts')
    .values({ day: row.day, kind: row.kind, count: row.count })
    .onConflict((oc) =>
      oc.columns(['day', 'kind']).doUpdateSet({
        count: sql<number>`referral_counts.count + excluded.count`,
      }),
    )
    .execute();
}

/** The counts of the days from `from` to `to` (both included), oldest first. */
export async function countsBetween(
  db: Db,
  range: { from: UtcDay; to: UtcDay },
): Promise<ReferralCountRow[]> {
  return db
    .selectFrom('referral_counts')
    .select(['day', 'kind', 'count'])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .orderBy('day')
    .orderBy('kind')
    .execute();
}

/** Whether the database has the table yet (migration 013), for a reader of an older one. */
export async function hasCountsTable(db: Db): Promise<boolean> {
  const tables = await db.introspection.getTables();
  return tables.some((table) => table.name === 'referral_counts');
}
