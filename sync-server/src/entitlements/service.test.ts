import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { LegacyDb as Db } from '../db/open';
import { entitlementOf, grantTier, purchasePeriods } from './service';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2030, 0, 1);

let db: Db;
let time = T0;
const deps = () => ({ legacyDb: db, now: () => time });

beforeEach(() => {
  db = openDatabase(':memory:');
  migrate(db);
  time = T0;
  db.prepare(
    "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u', 'u@x', 'h', 0, 0)",
  ).run();
});
afterEach(() => db.close());

let purchases = 0;
function purchase(props: { planId: string; fulfilledAt: number | null; status?: string }) {
  const id = `p${++purchases}`;
  db.prepare(
    `INSERT INTO purchases (id, payment_intent_id, provider, plan_id, amount, currency, user_id,
       status, created_at, updated_at, fulfilled_at, revoked_at)
     VALUES (@id, @intent, 'test', @planId, 1, 'usd', 'u', @status, 0, 0, @fulfilledAt, @revokedAt)`,
  ).run({
    id,
    intent: `pi_${id}`,
    planId: props.planId,
    status: props.status ?? 'succeeded',
    fulfilledAt: props.fulfilledAt,
    revokedAt: props.status === 'refunded' || props.status === 'disputed' ? T0 : null,
  });
  return id;
}

describe('entitlementOf', () => {
  it('counts only fulfilled purchases that were not taken back', () => {
    purchase({ planId: 'bestie-lifetime', fulfilledAt: null, status: 'pending' });
    purchase({ planId: 'bestie-lifetime', fulfilledAt: T0, status: 'refunded' });
    purchase({ planId: 'bestie-lifetime', fulfilledAt: T0, status: 'disputed' });
    purchase({ planId: 'no-such-plan', fulfilledAt: T0 });
    expect(entitlementOf(deps(), { userId: 'u' })).toEqual({ tier: 'free', endsAt: null });
    purchase({ planId: 'bestie-day', fulfilledAt: T0 });
    expect(entitlementOf(deps(), { userId: 'u' })).toEqual({ tier: 'basic', endsAt: T0 + DAY });
  });

  it('reads the clock on every call, so a plan ends at once', () => {
    purchase({ planId: 'bestie-month', fulfilledAt: T0 });
    time = T0 + 30 * DAY - 1;
    expect(entitlementOf(deps(), { userId: 'u' }).tier).toBe('premium');
    time = T0 + 30 * DAY;
    expect(entitlementOf(deps(), { userId: 'u' })).toEqual({ tier: 'free', endsAt: null });
  });

  it('combines a granted tier with purchases: the higher wins', () => {
    grantTier(deps(), { userId: 'u', tier: 'vip', expiresAt: T0 + 2 * DAY });
    const day = purchase({ planId: 'bestie-day', fulfilledAt: T0 });
    expect(entitlementOf(deps(), { userId: 'u' })).toEqual({ tier: 'vip', endsAt: T0 + 2 * DAY });
    expect(purchasePeriods(deps(), { userId: 'u' }).get(day)).toEqual({
      tier: 'basic',
      start: T0 + 2 * DAY,
      end: T0 + 3 * DAY,
    });
    time = T0 + 2 * DAY;
    expect(entitlementOf(deps(), { userId: 'u' })).toEqual({ tier: 'basic', endsAt: T0 + 3 * DAY });
  });

  it('keeps an expired grant from counting', () => {
    grantTier(deps(), { userId: 'u', tier: 'premium', expiresAt: T0 });
    expect(entitlementOf(deps(), { userId: 'u' }).tier).toBe('free');
  });
});
