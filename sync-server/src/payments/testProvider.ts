import { randomBytes } from 'node:crypto';
import { stringRecordOf } from '@shared/json';
import { expiryEnd, paymentMessages, testCardOutcome } from '@shared/payments';
import type { Deps } from '../deps';
import { badRequest, conflict, notFound, paymentRequired } from '../http/errors';
import { normaliseEmail } from './provider';
import type { PaymentProvider } from './provider';
import * as repo from './testRepo';
import type { TestIntentRow } from './testRepo';

const CVC = /^\d{3,4}$/;
const random = () => randomBytes(12).toString('hex');

export const testPaymentNotFound = () => notFound('Payment not found');
const alreadyPaid = () => conflict('This payment has already been made', 'payment_already_made');
const canceled = () =>
  conflict('This checkout has moved on: please start it again', 'payment_canceled');

const presentIntent = (row: TestIntentRow) => ({
  id: row.id,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  metadata: stringRecordOf(row.metadata),
  email: row.email,
  clientSecret: row.clientSecret,
});

/**
 * The built-in provider for running without Stripe (no keys, no network, no money). It keeps
 * its intents in the database and takes Stripe's test card numbers. A confirmed payment is not
 * fulfilled here: the app then calls verify-payment, exactly as with Stripe. Like Stripe, it is
 * never called inside a transaction: it uses the database of its own `deps`.
 */
export function createTestProvider(deps: Pick<Deps, 'db' | 'now'>): PaymentProvider {
  return {
    kind: 'test',
    async createIntent({ amount, currency, metadata, idempotencyKey }) {
      const existing = await repo.findTestIntentByKey(deps.db, idempotencyKey);
      if (existing) return { id: existing.id, clientSecret: existing.clientSecret };
      const id = `pi_test_${random()}`;
      const clientSecret = `${id}_secret_${random()}`;
      const inserted = await repo.insertTestIntent(deps.db, {
        id,
        clientSecret,
        idempotencyKey,
        amount,
        currency,
        metadata: JSON.stringify(metadata),
        createdAt: deps.now(),
      });
      if (inserted) return { id, clientSecret };
      // The same key made an intent meanwhile (a retry racing the first call): that one.
      const first = await repo.findTestIntentByKey(deps.db, idempotencyKey);
      if (!first) throw new Error('The test intent of this idempotency key was not found');
      return { id: first.id, clientSecret: first.clientSecret };
    },
    async retrieveIntent(id) {
      const row = await repo.findTestIntent(deps.db, id);
      return row ? presentIntent(row) : null;
    },
    async cancelIntent(id) {
      const row = await repo.findTestIntent(deps.db, id);
      if (!row) throw testPaymentNotFound();
      if (row.status === 'canceled') return;
      if (!(await repo.cancelTestIntent(deps.db, { id, now: deps.now() }))) throw alreadyPaid();
    },
    /** Checks the card as Stripe's test mode would; a declined card leaves the intent payable. */
    async confirmTestPayment(body) {
      const intent = await repo.findTestIntentBySecret(deps.db, body.clientSecret);
      if (!intent) throw testPaymentNotFound();
      if (intent.status === 'succeeded') throw alreadyPaid();
      if (intent.status === 'canceled') throw canceled();
      const outcome = testCardOutcome(body.cardNumber);
      if (outcome === 'invalid')
        throw badRequest(paymentMessages.cardNumberInvalid, 'invalid_card');
      const expiry = expiryEnd(body.expiry);
      if (expiry === null) throw badRequest(paymentMessages.expiryInvalid, 'invalid_expiry');
      if (expiry < deps.now()) throw badRequest(paymentMessages.expiryPast, 'expired_card');
      if (!CVC.test(body.cvc.trim())) throw badRequest(paymentMessages.cvcInvalid, 'invalid_cvc');
      if (outcome === 'declined') throw paymentRequired(paymentMessages.declined, 'card_declined');
      const taken = await repo.markTestIntentSucceeded(deps.db, {
        id: intent.id,
        email: normaliseEmail(body.email) ?? body.email,
        name: body.name?.trim() || null,
        now: deps.now(),
      });
      if (!taken) throw alreadyPaid();
      return { paymentIntentId: intent.id, status: 'succeeded' };
    },
  };
}
