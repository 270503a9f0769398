import type { Deps } from '../deps';
import { badRequest, notFound, serviceUnavailable } from '../http/errors';
import { MalformedEventError } from './provider';
import type { ProviderEvent } from './provider';
import * as repo from './repo';
import { STRIPE_API_VERSION } from './stripeProvider';
import { fulfilPayment, isRefusal, restorePayment, revokePayment } from './service';

/** Records an event handled without a change (ignored, or refused for good). */
async function recordEvent(deps: Deps, event: { id: string; type: string }): Promise<void> {
  await repo.recordEvent(deps.db, { ...event, now: deps.now() });
}

async function isEventRecorded(deps: Deps, props: { id: string }): Promise<boolean> {
  return repo.isEventRecorded(deps.db, props.id);
}

export const invalidSignature = () =>
  badRequest('The webhook signature is invalid or too old', 'invalid_signature');

const stringField = (object: Record<string, unknown>, key: string): string | undefined => {
  const value = object[key];
  return typeof value === 'string' ? value : undefined;
};

export const invalidEvent = () =>
  badRequest('The webhook body is not a Stripe event', 'invalid_event');

/** Checks the signature on the raw body against STRIPE_WEBHOOK_SECRET (5-minute tolerance). */
function verifiedEvent(deps: Deps, props: { raw: Buffer; signature: string }): ProviderEvent {
  if (deps.payments?.kind !== 'stripe') throw notFound();
  const construct = deps.payments.constructEvent;
  if (!construct) {
    throw serviceUnavailable('Stripe webhooks are not configured', 'webhook_not_configured');
  }
  try {
    return construct(props.raw, props.signature, deps.now());
  } catch (error) {
    if (error instanceof MalformedEventError) throw invalidEvent();
    throw invalidSignature();
  }
}

/**
 * A Stripe webhook: at least once, in any order. A success is fulfilled from Stripe's own
 * record of the intent (never the event body); a refund or dispute takes the purchase back,
 * and a failed refund or a won dispute gives it back.
 * An event seen before, or one we do not handle, changes nothing. A payment we refuse for
 * good (unknown, mismatched) is recorded so Stripe stops resending it; a provider failure is
 * a 502, so Stripe tries again later.
 */
export async function handleStripeWebhook(
  deps: Deps,
  props: { raw: Buffer; signature: string },
): Promise<void> {
  const event = verifiedEvent(deps, props);
  if (event.apiVersion && event.apiVersion !== STRIPE_API_VERSION) {
    // Still handled (the fields read here are the same in every version), but said loudly.
    deps.logger.warn(
      { event: { id: event.id, type: event.type }, apiVersion: event.apiVersion },
      `the Stripe webhook endpoint is not at API version ${STRIPE_API_VERSION}: set it in the Dashboard`,
    );
  }
  if (await isEventRecorded(deps, event)) return;
  const ref = { id: event.id, type: event.type };
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const paymentIntentId = stringField(event.object, 'id');
      if (!paymentIntentId) return recordEvent(deps, ref);
      try {
        await fulfilPayment(deps, { paymentIntentId, event: ref });
      } catch (error) {
        if (!isRefusal(error)) throw error;
        deps.logger.warn({ event: ref, code: error.code }, 'payment webhook refused');
        await recordEvent(deps, ref);
      }
      return;
    }
    case 'charge.refunded': {
      const paymentIntentId = stringField(event.object, 'payment_intent');
      // Stripe sends this for partial refunds too; only a full refund takes the plan back.
      if (!paymentIntentId || event.object.refunded !== true) return recordEvent(deps, ref);
      return revokePayment(deps, { paymentIntentId, status: 'refunded', event: ref });
    }
    case 'charge.dispute.created': {
      const paymentIntentId = stringField(event.object, 'payment_intent');
      if (!paymentIntentId) return recordEvent(deps, ref);
      return revokePayment(deps, { paymentIntentId, status: 'disputed', event: ref });
    }
    case 'charge.dispute.closed': {
      const paymentIntentId = stringField(event.object, 'payment_intent');
      // Won, or an inquiry closed without a chargeback: the money stays, and so does her plan.
      const status = stringField(event.object, 'status');
      if (!paymentIntentId || (status !== 'won' && status !== 'warning_closed')) {
        return recordEvent(deps, ref);
      }
      return restorePayment(deps, { paymentIntentId, from: 'disputed', event: ref });
    }
    case 'refund.failed':
    case 'refund.updated': {
      const paymentIntentId = stringField(event.object, 'payment_intent');
      if (!paymentIntentId || stringField(event.object, 'status') !== 'failed') {
        return recordEvent(deps, ref);
      }
      // Only the failure of a full refund gives back what its charge.refunded took.
      const purchase = await repo.findPurchaseByIntent(deps.db, paymentIntentId);
      const amount = event.object.amount;
      if (!purchase || typeof amount !== 'number' || amount < purchase.amount) {
        return recordEvent(deps, ref);
      }
      return restorePayment(deps, { paymentIntentId, from: 'refunded', event: ref });
    }
    default:
      return recordEvent(deps, ref);
  }
}
