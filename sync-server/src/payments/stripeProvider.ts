import Stripe from 'stripe';
import { z } from 'zod';
import type { Config } from '../config';
import { MalformedEventError, normaliseEmail } from './provider';
import type { PaymentProvider, ProviderEvent, ProviderIntent } from './provider';

const REQUEST_TIMEOUT_MS = 20_000;

/**
 * What the webhook reads of an event. The SDK checks only the signature and that the body is
 * JSON, so anything else (a `data` that is a string, an id that is not) is refused here.
 */
const eventShape = z.object({
  id: z.string().min(1),
  type: z.string(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** SDK options for STRIPE_API_BASE (e.g. `http://127.0.0.1:12111`); none = api.stripe.com. */
function apiHostOptions(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/** The billing email she typed in the Payment Element, else the receipt email. */
function billingEmailOf(intent: Stripe.PaymentIntent): string | null {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return normaliseEmail(charge?.billing_details?.email ?? intent.receipt_email);
}

function presentIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    email: billingEmailOf(intent),
  };
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError &&
  (error.statusCode === 404 || error.code === 'resource_missing');

/** Stripe through its SDK; the amount and metadata come from us, the status only from Stripe. */
export function createStripeProvider(
  config: Pick<Config, 'stripeSecretKey' | 'stripeWebhookSecret' | 'stripeApiBase'>,
): PaymentProvider {
  if (!config.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  const stripe = new Stripe(config.stripeSecretKey, {
    ...apiHostOptions(config.stripeApiBase),
    maxNetworkRetries: 1,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
  });
  const webhookSecret = config.stripeWebhookSecret;

  return {
    kind: 'stripe',
    async createIntent({ amount, currency, metadata, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        { amount, currency, metadata, automatic_payment_methods: { enabled: true } },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error('Stripe returned no client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrieveIntent(id) {
      try {
        return presentIntent(
          await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }),
        );
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    constructEvent: webhookSecret
      ? (raw, signature, receivedAt): ProviderEvent => {
          const event = stripe.webhooks.constructEvent(
            raw,
            signature,
            webhookSecret,
            undefined,
            undefined,
            receivedAt,
          );
          const shaped = eventShape.safeParse(event);
          if (!shaped.success) throw new MalformedEventError();
          const { id, type, data } = shaped.data;
          return { id, type, object: data.object };
        }
      : undefined,
  };
}
