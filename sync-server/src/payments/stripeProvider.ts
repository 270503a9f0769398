import Stripe from 'stripe';
import { z } from 'zod';
import type { Config } from '../config';
import { MalformedEventError, normaliseEmail } from './provider';
import type { PaymentProvider, ProviderEvent, ProviderIntent } from './provider';

const REQUEST_TIMEOUT_MS = 20_000;

/**
 * The Stripe API version every call is made with, and the one the webhook endpoint must be set
 * to in the Dashboard: the version the installed SDK is typed for, so an SDK upgrade that moves
 * it fails the typecheck here instead of changing the API's behaviour unseen.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/** What retrieving an intent expands: where Stripe keeps the billing email she typed. */
const RETRIEVE_EXPAND = ['payment_method', 'latest_charge'];

/**
 * What the webhook reads of an event. The SDK checks only the signature and that the body is
 * JSON, so anything else (a `data` that is a string, an id that is not) is refused here.
 */
const eventShape = z.object({
  id: z.string().min(1),
  type: z.string(),
  api_version: z.string().nullish(),
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

/**
 * The billing email she typed, where Stripe keeps it: on the payment method (Payment Element's
 * billing details), else on the charge, else the receipt email; the first one present.
 */
function billingEmailOf(intent: Stripe.PaymentIntent): string | null {
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return normaliseEmail(
    method?.billing_details?.email || charge?.billing_details?.email || intent.receipt_email,
  );
}

function presentIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    email: billingEmailOf(intent),
    clientSecret: intent.client_secret,
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
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 1,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
  });
  const webhookSecret = config.stripeWebhookSecret;

  return {
    kind: 'stripe',
    async createIntent({ amount, currency, metadata, idempotencyKey }) {
      // Payment methods come from the Dashboard: automatic_payment_methods is the default.
      const intent = await stripe.paymentIntents.create(
        { amount, currency, metadata },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error('Stripe returned no client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrieveIntent(id) {
      try {
        return presentIntent(await stripe.paymentIntents.retrieve(id, { expand: RETRIEVE_EXPAND }));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async cancelIntent(id) {
      await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' });
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
          const { id, type, data, api_version: apiVersion } = shaped.data;
          return { id, type, object: data.object, apiVersion: apiVersion ?? null };
        }
      : undefined,
  };
}
