import type { TestConfirmAnswer, TestConfirmBody } from '@shared/payments';
import type { PaymentProviderKind } from '../config';

/** A PaymentIntent as the provider itself records it: the only source fulfilment trusts. */
export interface ProviderIntent {
  id: string;
  /** Stripe's words: 'succeeded', 'processing', 'requires_payment_method', ... */
  status: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  /** The billing email she gave when paying (lower-cased), if any. */
  email: string | null;
  /** What the browser confirms it with (the provider shows it to the secret key only). */
  clientSecret: string | null;
}

/** Stripe's statuses in which an intent can still be confirmed: a reopened checkout reuses it. */
export const CONFIRMABLE_STATUSES: readonly string[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

/** A correctly signed webhook body that is not an event of the shape Stripe sends. */
export class MalformedEventError extends Error {
  constructor() {
    super('The webhook body is not an event');
    this.name = 'MalformedEventError';
  }
}

/** A webhook event whose signature was checked. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The event's object (a PaymentIntent, Charge, Refund or Dispute), as sent. */
  object: Record<string, unknown>;
  /** The API version Stripe rendered it at: the webhook endpoint's. */
  apiVersion?: string | null;
}

/** What payments need from Stripe, or from the built-in test provider that stands in for it. */
export interface PaymentProvider {
  kind: Exclude<PaymentProviderKind, 'off'>;
  createIntent(props: {
    amount: number;
    currency: string;
    metadata: Record<string, string>;
    /** The same key again makes no second intent. */
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  /** null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Cancels an intent that was never paid (her checkout moved on to another plan). */
  cancelIntent(id: string): Promise<void>;
  /**
   * Checks a webhook's signature on the raw body (5-minute tolerance against `receivedAt`,
   * ms since the epoch) and parses it; throws when it fails. Absent: no webhook secret or not
   * Stripe, so there is no webhook.
   */
  constructEvent?(raw: Buffer, signature: string, receivedAt: number): ProviderEvent;
  /** The test provider's stand-in for Stripe.js confirming a card; absent with Stripe. */
  confirmTestPayment?(body: TestConfirmBody): Promise<TestConfirmAnswer>;
}

export const normaliseEmail = (email: string | null | undefined): string | null =>
  email?.trim().toLowerCase() || null;
