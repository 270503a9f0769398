import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { openMemoryDb } from '../db/memory';
import type { PaymentProvider } from './provider';
import { createTestProvider } from './testProvider';

const T0 = Date.UTC(2030, 0, 1);

let db: Db;
let provider: PaymentProvider;

beforeEach(async () => {
  db = await openMemoryDb();
  provider = createTestProvider({ db, now: () => T0 });
});
afterEach(async () => {
  await db.destroy();
});

const card = {
  email: ' Her@Example.com ',
  name: ' Her Name ',
  cardNumber: '4242424242424242',
  expiry: '12/40',
  cvc: '123',
};

const create = (idempotencyKey: string) =>
  provider.createIntent({
    amount: 199,
    currency: 'usd',
    metadata: { planId: 'bestie-day', purchaseId: idempotencyKey },
    idempotencyKey,
  });

describe('the built-in test provider', () => {
  it('makes one intent per idempotency key, even for calls at once', async () => {
    const [first, second] = await Promise.all([create('k1'), create('k1')]);
    expect(second).toEqual(first);
    expect(await create('k1')).toEqual(first);
    expect((await create('k2')).id).not.toBe(first?.id);
    expect(await provider.retrieveIntent(first?.id ?? '')).toEqual({
      id: first?.id,
      status: 'requires_payment_method',
      amount: 199,
      currency: 'usd',
      metadata: { planId: 'bestie-day', purchaseId: 'k1' },
      email: null,
      clientSecret: first?.clientSecret,
    });
    expect(await provider.retrieveIntent('pi_test_unknown')).toBeNull();
  });

  it('takes a test card once, with her email lower-cased', async () => {
    const intent = await create('k1');
    const confirm = provider.confirmTestPayment;
    if (!confirm) throw new Error('no confirmTestPayment');
    const body = { ...card, clientSecret: intent.clientSecret };
    const results = await Promise.allSettled([confirm(body), confirm(body)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((result) => result.status === 'fulfilled')).toMatchObject({
      value: { paymentIntentId: intent.id, status: 'succeeded' },
    });
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({
      reason: { status: 409, code: 'payment_already_made' },
    });
    expect(await provider.retrieveIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      email: 'her@example.com',
    });
    await expect(provider.cancelIntent(intent.id)).rejects.toMatchObject({
      code: 'payment_already_made',
    });
  });

  it('a declined card leaves the intent payable; a canceled one can no longer be paid', async () => {
    const intent = await create('k1');
    const confirm = provider.confirmTestPayment;
    if (!confirm) throw new Error('no confirmTestPayment');
    await expect(
      confirm({ ...card, cardNumber: '4000000000000002', clientSecret: intent.clientSecret }),
    ).rejects.toMatchObject({ status: 402, code: 'card_declined' });
    expect((await provider.retrieveIntent(intent.id))?.status).toBe('requires_payment_method');
    await provider.cancelIntent(intent.id);
    await provider.cancelIntent(intent.id);
    await expect(confirm({ ...card, clientSecret: intent.clientSecret })).rejects.toMatchObject({
      code: 'payment_canceled',
    });
    await expect(provider.cancelIntent('pi_test_unknown')).rejects.toMatchObject({ status: 404 });
    await expect(
      confirm({ ...card, clientSecret: 'pi_test_unknown_secret_x' }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
