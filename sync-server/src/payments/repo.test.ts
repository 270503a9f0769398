import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/database';
import type { Db } from '../db/database';
import { openMemoryDb } from '../db/memory';
import * as claimRepo from './claimRepo';
import * as repo from './repo';
import * as testRepo from './testRepo';
import { addUsers } from '../db/testData';

const T0 = Date.UTC(2030, 0, 1);

let db: Db;

beforeEach(async () => {
  db = await openMemoryDb();
  await addUsers(db, ['u', 'v']);
});
afterEach(async () => {
  await db.destroy();
});

async function purchase(props: {
  intent: string;
  userId?: string | null;
  checkoutId?: string | null;
  id?: string;
  createdAt?: number;
}) {
  const id = props.id ?? repo.newPurchaseId();
  await repo.insertPurchase(db, {
    id,
    paymentIntentId: props.intent,
    provider: 'test',
    planId: 'bestie-day',
    amount: 199,
    currency: 'usd',
    userId: props.userId ?? null,
    checkoutId: props.checkoutId ?? null,
    createdAt: props.createdAt ?? T0,
  });
  return id;
}

describe('newPurchaseId', () => {
  it('makes UUIDs that sort in the order they were made, many in one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => repo.newPurchaseId());
    const uuidV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(ids.filter((id) => !uuidV7.test(id))).toEqual([]);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('fulfilment', () => {
  it('a pending purchase succeeds once however many calls race', async () => {
    await purchase({ intent: 'pi_1', userId: 'u' });
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        inTransaction(db, (trx) =>
          repo.markSucceeded(trx, { paymentIntentId: 'pi_1', email: 'a@x', now: T0 + index }),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await repo.findPurchaseByIntent(db, 'pi_1')).toMatchObject({
      status: 'succeeded',
      email: 'a@x',
      fulfilledAt: T0 + results.indexOf(true),
    });
  });

  it('keeps the email it had when the provider gives none, and none once her account is gone', async () => {
    await purchase({ intent: 'pi_1', userId: 'u' });
    await db.updateTable('purchases').set({ email: 'kept@x' }).execute();
    expect(await repo.markSucceeded(db, { paymentIntentId: 'pi_1', email: null, now: T0 })).toBe(
      true,
    );
    expect((await repo.findPurchaseByIntent(db, 'pi_1'))?.email).toBe('kept@x');

    await purchase({ intent: 'pi_2' });
    await db
      .updateTable('purchases')
      .set({ account_deleted_at: T0 })
      .where('payment_intent_id', '=', 'pi_2')
      .execute();
    await repo.markSucceeded(db, { paymentIntentId: 'pi_2', email: 'b@x', now: T0 });
    expect((await repo.findPurchaseByIntent(db, 'pi_2'))?.email).toBeNull();
  });

  it('records a webhook event once', async () => {
    const event = { id: 'evt_1', type: 'payment_intent.succeeded', now: T0 };
    expect(await repo.isEventRecorded(db, 'evt_1')).toBe(false);
    const results = await Promise.all([repo.recordEvent(db, event), repo.recordEvent(db, event)]);
    expect(results.sort()).toEqual([false, true]);
    expect(await repo.isEventRecorded(db, 'evt_1')).toBe(true);
  });

  it('a refund before the success leaves it revoked; restored, it is pending or succeeded as it was', async () => {
    await purchase({ intent: 'pi_1', userId: 'u' });
    const revoke = { paymentIntentId: 'pi_1', status: 'refunded' as const, now: T0 };
    expect(await repo.markRevoked(db, revoke)).toBe(true);
    expect(await repo.markRevoked(db, revoke)).toBe(false);
    expect(await repo.markSucceeded(db, { paymentIntentId: 'pi_1', email: null, now: T0 })).toBe(
      false,
    );
    const restore = { paymentIntentId: 'pi_1', from: 'refunded' as const, now: T0 + 1 };
    expect(await repo.markRestored(db, restore)).toBe(true);
    expect(await repo.findPurchaseByIntent(db, 'pi_1')).toMatchObject({
      status: 'pending',
      revokedAt: null,
    });

    expect(
      await repo.markSucceeded(db, { paymentIntentId: 'pi_1', email: null, now: T0 + 2 }),
    ).toBe(true);
    expect(await repo.markRevoked(db, { ...revoke, status: 'disputed' })).toBe(true);
    expect(await repo.markRestored(db, restore)).toBe(false);
    expect(await repo.markRestored(db, { ...restore, from: 'disputed' })).toBe(true);
    expect(await repo.findPurchaseByIntent(db, 'pi_1')).toMatchObject({
      status: 'succeeded',
      fulfilledAt: T0 + 2,
      revokedAt: null,
    });
  });
});

describe('checkouts', () => {
  it('finds the checkout made last, of two in the same millisecond', async () => {
    const first = await purchase({ intent: 'pi_1', checkoutId: 'c1' });
    const second = await purchase({ intent: 'pi_2', checkoutId: 'c1' });
    await purchase({ intent: 'pi_3', userId: 'u', checkoutId: null });
    const open = await repo.findOpenCheckout(db, { provider: 'test', checkoutId: 'c1' });
    expect(open?.id).toBe(second);
    expect(open?.id).not.toBe(first);
    expect(
      (await repo.findOpenCheckout(db, { provider: 'test', userId: 'u' }))?.paymentIntentId,
    ).toBe('pi_3');
    expect(
      await repo.findOpenCheckout(db, { provider: 'stripe', checkoutId: 'c1' }),
    ).toBeUndefined();
  });

  it("a visitor's checkout that an account has since is no longer hers to reopen", async () => {
    await purchase({ intent: 'pi_1', checkoutId: 'c1' });
    await db.updateTable('purchases').set({ user_id: 'u' }).execute();
    expect(await repo.findOpenCheckout(db, { provider: 'test', checkoutId: 'c1' })).toBeUndefined();
  });

  it('lists her paid purchases newest first, the later of two in the same millisecond first', async () => {
    const older = await purchase({ intent: 'pi_1', userId: 'u' });
    const sameA = await purchase({ intent: 'pi_2', userId: 'u' });
    const sameB = await purchase({ intent: 'pi_3', userId: 'u' });
    await purchase({ intent: 'pi_4', userId: 'u' });
    await repo.markSucceeded(db, { paymentIntentId: 'pi_1', email: null, now: T0 + 1 });
    await repo.markSucceeded(db, { paymentIntentId: 'pi_2', email: null, now: T0 + 5 });
    await repo.markSucceeded(db, { paymentIntentId: 'pi_3', email: null, now: T0 + 5 });
    const ids = (await repo.paidPurchasesOf(db, 'u')).map((row) => row.id);
    expect(ids).toEqual([sameB, sameA, older]);
  });
});

describe('claims', () => {
  it('records one claim per purchase and gives it to her once', async () => {
    const id = await purchase({ intent: 'pi_1' });
    const claim = { tokenHash: 'h1', purchaseId: id, createdAt: T0, expiresAt: T0 + 10 };
    expect(await claimRepo.insertClaim(db, claim)).toBe(true);
    expect(await claimRepo.insertClaim(db, { ...claim, tokenHash: 'h2' })).toBe(false);
    await inTransaction(db, (trx) =>
      claimRepo.completeClaim(trx, { tokenHash: 'h1', purchaseId: id, userId: 'u', now: T0 + 1 }),
    );
    expect(await claimRepo.findClaim(db, 'h1')).toEqual({
      ...claim,
      usedAt: T0 + 1,
      usedBy: 'u',
    });
    expect((await repo.findPurchase(db, id))?.userId).toBe('u');
    // Nobody's purchase only: a second account never takes it over.
    await claimRepo.completeClaim(db, { tokenHash: 'h1', purchaseId: id, userId: 'v', now: T0 });
    expect((await repo.findPurchase(db, id))?.userId).toBe('u');
  });
});

describe('forgetBuyer', () => {
  async function intent(id: string, metadata: Record<string, string>, email: string | null) {
    await testRepo.insertTestIntent(db, {
      id,
      clientSecret: `${id}_secret`,
      idempotencyKey: `key_${id}`,
      amount: 199,
      currency: 'usd',
      metadata: JSON.stringify(metadata),
      createdAt: T0,
    });
    if (email) {
      await testRepo.markTestIntentSucceeded(db, { id, email, name: 'Her Name', now: T0 });
    }
  }
  const intentRow = (id: string) =>
    db
      .selectFrom('test_payment_intents')
      .select(['metadata', 'email', 'name', 'updated_at as updatedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('unlinks her purchases and intents for good, and her email from anyone else', async () => {
    const hers = await purchase({ intent: 'pi_hers', userId: 'u' });
    const paidAsVisitor = await purchase({ intent: 'pi_visitor' });
    const someoneElses = await purchase({ intent: 'pi_other', userId: 'v' });
    await db
      .updateTable('purchases')
      .set({ email: 'u@x' })
      .where('id', 'in', [paidAsVisitor, someoneElses])
      .execute();
    await intent('pi_hers', { planId: 'bestie-day', userId: 'u' }, 'u@x');
    await intent('pi_visitor', { planId: 'bestie-day' }, 'u@x');
    await intent('pi_other', { planId: 'bestie-day', userId: 'v' }, 'u@x');
    // Made for her, but its purchase row was never written.
    await intent('pi_orphan', { planId: 'bestie-day', userId: 'u' }, null);
    await intent('pi_stranger', { planId: 'bestie-day', userId: 'v' }, 'v@x');

    const now = T0 + 100;
    await inTransaction(db, (trx) => repo.forgetBuyer(trx, { userId: 'u', email: 'u@x', now }));

    expect(await repo.findPurchase(db, hers)).toMatchObject({
      userId: null,
      email: null,
      accountDeletedAt: now,
    });
    expect(await repo.findPurchase(db, paidAsVisitor)).toMatchObject({
      userId: null,
      email: null,
      accountDeletedAt: now,
    });
    expect(await repo.findPurchase(db, someoneElses)).toMatchObject({
      userId: 'v',
      email: null,
      accountDeletedAt: null,
    });
    const planOnly = JSON.stringify({ planId: 'bestie-day' });
    expect(await intentRow('pi_hers')).toEqual({
      metadata: planOnly,
      email: null,
      name: null,
      updatedAt: now,
    });
    expect(await intentRow('pi_visitor')).toEqual({
      metadata: planOnly,
      email: null,
      name: null,
      updatedAt: now,
    });
    expect(await intentRow('pi_orphan')).toMatchObject({ metadata: planOnly, updatedAt: now });
    expect(await intentRow('pi_other')).toEqual({
      metadata: JSON.stringify({ planId: 'bestie-day', userId: 'v' }),
      email: null,
      name: null,
      updatedAt: now,
    });
    expect(await intentRow('pi_stranger')).toEqual({
      metadata: JSON.stringify({ planId: 'bestie-day', userId: 'v' }),
      email: 'v@x',
      name: 'Her Name',
      updatedAt: T0,
    });
  });
});
