import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { openMemoryDb } from '../db/memory';
import { entitlementOf, grantTier, purchasePeriods } from './service';
import { addUsers } from '../db/testData';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2030, 0, 1);

let db: Db;
let time = T0;
const deps = () => ({ db, now: () => time });

beforeEach(async () => {
  db = await openMemoryDb();
  time = T0;
  await addUsers(db, ['u']);
});
afterEach(() => db.destroy());

let purchases = 0;
async function purchase(props: {
  planId: string;
  fulfilledAt: number | null;
  status?: 'pending' | 'succeeded' | 'refunded' | 'disputed';
}) {
  const id = `p${++purchases}`;
  await db
    .insertInto('purchases')
    .values({
      id,
      payment_intent_id: `pi_${id}`,
      provider: 'test',
      plan_id: props.planId,
      amount: 1,
      currency: 'usd',
      user_id: 'u',
      status: props.status ?? 'succeeded',
      created_at: 0,
      updated_at: 0,
      fulfilled_at: props.fulfilledAt,
      revoked_at: props.status === 'refunded' || props.status === 'disputed' ? T0 : null,
    })
    .execute();
  return id;
}

describe('entitlementOf', () => {
  it('counts only fulfilled purchases that were not taken back', async () => {
    await purchase({ planId: 'bestie-lifetime', fulfilledAt: null, status: 'pending' });
    await purchase({ planId: 'bestie-lifetime', fulfilledAt: T0, status: 'refunded' });
    await purchase({ planId: 'bestie-lifetime', fulfilledAt: T0, status: 'disputed' });
    await purchase({ planId: 'no-such-plan', fulfilledAt: T0 });
    expect(await entitlementOf(deps(), { userId: 'u' })).toEqual({ tier: 'free', endsAt: null });
    await purchase({ planId: 'bestie-day', fulfilledAt: T0 });
    expect(await entitlementOf(deps(), { userId: 'u' })).toEqual({
      tier: 'basic',
      endsAt: T0 + DAY,
    });
  });

  it('reads the clock on every call, so a plan ends at once', async () => {
    await purchase({ planId: 'bestie-month', fulfilledAt: T0 });
    time = T0 + 30 * DAY - 1;
    expect((await entitlementOf(deps(), { userId: 'u' })).tier).toBe('premium');
    time = T0 + 30 * DAY;
    expect(await entitlementOf(deps(), { userId: 'u' })).toEqual({ tier: 'free', endsAt: null });
  });

  it('combines a granted tier with purchases: the higher wins', async () => {
    await grantTier(deps(), { userId: 'u', tier: 'vip', expiresAt: T0 + 2 * DAY });
    const day = await purchase({ planId: 'bestie-day', fulfilledAt: T0 });
    expect(await entitlementOf(deps(), { userId: 'u' })).toEqual({
      tier: 'vip',
      endsAt: T0 + 2 * DAY,
    });
    expect((await purchasePeriods(deps(), { userId: 'u' })).get(day)).toEqual({
      tier: 'basic',
      start: T0 + 2 * DAY,
      end: T0 + 3 * DAY,
    });
    time = T0 + 2 * DAY;
    expect(await entitlementOf(deps(), { userId: 'u' })).toEqual({
      tier: 'basic',
      endsAt: T0 + 3 * DAY,
    });
  });

  it('keeps an expired grant from counting', async () => {
    await grantTier(deps(), { userId: 'u', tier: 'premium', expiresAt: T0 });
    expect((await entitlementOf(deps(), { userId: 'u' })).tier).toBe('free');
  });
});

describe('grantTier', () => {
  it('replaces an earlier grant', async () => {
    await grantTier(deps(), { userId: 'u', tier: 'vip', expiresAt: null });
    await grantTier(deps(), { userId: 'u', tier: 'basic', expiresAt: T0 + DAY });
    expect(await entitlementOf(deps(), { userId: 'u' })).toEqual({
      tier: 'basic',
      endsAt: T0 + DAY,
    });
  });
});
