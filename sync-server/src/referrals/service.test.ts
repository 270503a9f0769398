import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { openMemoryDb } from '../db/memory';
import { countHelpShown, countReferral, holdsReferralCounts, yearReport } from './service';

let db: Db;
beforeEach(async () => {
  db = await openMemoryDb();
});
afterEach(() => db.destroy());

const at = (iso: string) => () => Date.parse(iso);
const rows = () =>
  db.selectFrom('referral_counts').select(['day', 'kind', 'count']).orderBy('day').execute();

describe('countReferral', () => {
  it("adds to today's count (UTC) of its kind, or to the day and amount given", async () => {
    const deps = { db, now: at('2027-01-31T23:59:59.999Z') };
    await countReferral(deps, { kind: 'crisis_reply' });
    await countReferral(deps, { kind: 'crisis_reply' });
    await countReferral(deps, { kind: 'help_shown', day: '2027-01-02', count: 4 });
    expect(await rows()).toEqual([
      { day: '2027-01-02', kind: 'help_shown', count: 4 },
      { day: '2027-01-31', kind: 'crisis_reply', count: 2 },
    ]);
  });
});

describe('countHelpShown', () => {
  const deps = () => ({ db, now: at('2027-03-14T12:00:00Z') });

  it('takes a day up to 400 days back, and refuses the one before', async () => {
    await countHelpShown(deps(), { day: '2026-02-07', count: 1 });
    await expect(countHelpShown(deps(), { day: '2026-02-06', count: 1 })).rejects.toThrow(
      'Day must be within the last 400 days',
    );
    expect(await rows()).toEqual([{ day: '2026-02-07', kind: 'help_shown', count: 1 }]);
  });

  it('refuses tomorrow until its first hour is near', async () => {
    await expect(countHelpShown(deps(), { day: '2027-03-15', count: 1 })).rejects.toThrow(
      'Day must not be in the future',
    );
    const late = { db, now: at('2027-03-14T23:00:00Z') };
    await countHelpShown(late, { day: '2027-03-15', count: 1 });
    expect(await rows()).toEqual([{ day: '2027-03-15', kind: 'help_shown', count: 1 }]);
  });
});

describe('yearReport', () => {
  it("sums each month's days and the year's, leaving other years out", async () => {
    const deps = { db, now: at('2027-01-01T00:00:00Z') };
    await countReferral(deps, { kind: 'crisis_reply', day: '2026-12-31', count: 9 });
    await countReferral(deps, { kind: 'crisis_reply', day: '2027-01-01', count: 1 });
    await countReferral(deps, { kind: 'help_shown', day: '2027-01-31', count: 2 });
    await countReferral(deps, { kind: 'help_shown', day: '2027-02-01', count: 3 });
    await countReferral(deps, { kind: 'crisis_reply', day: '2027-12-31', count: 5 });
    await countReferral(deps, { kind: 'help_shown', day: '2028-01-01', count: 9 });
    const report = await yearReport({ db }, { year: 2027 });
    expect(report.months[0]).toEqual({ crisisReplies: 1, helpShown: 2, total: 3 });
    expect(report.months[1]).toEqual({ crisisReplies: 0, helpShown: 3, total: 3 });
    expect(report.months[11]).toEqual({ crisisReplies: 5, helpShown: 0, total: 5 });
    expect(report.wholeYear).toEqual({ crisisReplies: 6, helpShown: 5, total: 11 });
  });
});

describe('holdsReferralCounts', () => {
  it('says whether the database has been migrated to hold the counts', async () => {
    expect(await holdsReferralCounts({ db })).toBe(true);
    await db.schema.dropTable('referral_counts').execute();
    expect(await holdsReferralCounts({ db })).toBe(false);
  });
});
