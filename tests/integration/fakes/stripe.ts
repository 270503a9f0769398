import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../../../sync-server/src/payments/stripeProvider';
import { afterAll, beforeAll } from 'vitest';

export const STRIPE_WEBHOOK_SECRET = 'whsec_x';

/** The env that points the server's Stripe SDK at a fake. */
export const stripeEnv = (fake: FakeStripe): Record<string, string> => ({
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET,
  STRIPE_API_BASE: fake.url,
});

export interface FakeIntent {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  /** The billing email on her payment method (what the Payment Element collects). */
  email: string | null;
  /** The billing email Stripe copied to the charge; undefined: the same as `email`. */
  charge_email?: string | null;
  receipt_email: string | null;
  cancellation_reason?: string | null;
}

export interface StripeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The form-encoded body, flat (`metadata[planId]` as it came). */
  form: URLSearchParams;
}

/**
 * The parameters each PaymentIntent endpoint takes, by their names in Stripe's API reference;
 * anything else is refused as Stripe refuses it (400 `parameter_unknown`).
 */
const PAYMENT_INTENT_PARAMS = {
  create: [
    'amount',
    'application_fee_amount',
    'automatic_payment_methods',
    'capture_method',
    'confirm',
    'confirmation_method',
    'confirmation_token',
    'currency',
    'customer',
    'description',
    'error_on_requires_action',
    'excluded_payment_method_types',
    'expand',
    'mandate',
    'mandate_data',
    'metadata',
    'off_session',
    'on_behalf_of',
    'payment_method',
    'payment_method_configuration',
    'payment_method_data',
    'payment_method_options',
    'payment_method_types',
    'radar_options',
    'receipt_email',
    'return_url',
    'setup_future_usage',
    'shipping',
    'statement_descriptor',
    'statement_descriptor_suffix',
    'transfer_data',
    'transfer_group',
    'use_stripe_sdk',
  ],
  update: [
    'amount',
    'application_fee_amount',
    'capture_method',
    'currency',
    'customer',
    'description',
    'excluded_payment_method_types',
    'expand',
    'metadata',
    'payment_method',
    'payment_method_configuration',
    'payment_method_data',
    'payment_method_options',
    'payment_method_types',
    'receipt_email',
    'setup_future_usage',
    'shipping',
    'statement_descriptor',
    'statement_descriptor_suffix',
    'transfer_data',
    'transfer_group',
  ],
  retrieve: ['client_secret', 'expand'],
  cancel: ['cancellation_reason', 'expand'],
} as const;

const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];
const CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
const UPDATABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/** `metadata[planId]` -> `metadata`, `expand[0]` -> `expand`: the name Stripe checks. */
const topLevel = (name: string) => name.split('[')[0] ?? name;

/** `expand[0]=a&expand[1]=b` (or `expand[]=a`) -> ['a', 'b']. */
const expandsOf = (params: URLSearchParams) =>
  [...params].filter(([name]) => topLevel(name) === 'expand').map(([, value]) => value);

const metadataOf = (params: URLSearchParams) => {
  const metadata: Record<string, string> = {};
  for (const [name, value] of params) {
    const field = /^metadata\[(.+)\]$/.exec(name)?.[1];
    if (field) metadata[field] = value;
  }
  return metadata;
};

type Send = (status: number, body: unknown) => void;

const invalidRequest = (send: Send, code: string, message: string, param?: string) =>
  send(400, { error: { type: 'invalid_request_error', code, message, param } });

/**
 * The part of Stripe's API the server's SDK calls, keeping to its contract: create
 * (POST /v1/payment_intents, honouring Idempotency-Key), retrieve (GET, honouring `expand[]`),
 * update (POST /v1/payment_intents/:id) and cancel (POST .../cancel), each refusing a parameter
 * it does not take. The billing email is where Stripe keeps it: on the payment method, on the
 * charge and as `receipt_email`. It records every call; a test moves an intent by hand.
 */
export class FakeStripe {
  readonly calls: StripeCall[] = [];
  readonly intents = new Map<string, FakeIntent>();
  private byIdempotencyKey = new Map<string, string>();
  private failures = 0;
  private server: Server | undefined;
  private count = 0;
  url = '';

  /** The next `count` requests answer 500 (the SDK retries once). */
  failNext(count: number): void {
    this.failures = count;
  }

  /** Changes an intent as if Stripe had (e.g. she paid: status 'succeeded' and her email). */
  set(id: string, patch: Partial<Omit<FakeIntent, 'id'>>): FakeIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no fake intent ${id}`);
    Object.assign(intent, patch);
    return intent;
  }

  /** She paid: the intent succeeded with her billing email (on its payment method and charge). */
  pay(id: string, email = 'payer@example.com'): FakeIntent {
    return this.set(id, { status: 'succeeded', email });
  }

  creates(): StripeCall[] {
    return this.calls.filter(
      (call) => call.method === 'POST' && call.path === '/v1/payment_intents',
    );
  }

  retrieves(): StripeCall[] {
    return this.calls.filter((call) => call.method === 'GET');
  }

  cancels(): StripeCall[] {
    return this.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/cancel'));
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => this.answer(request, response, raw));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  private answer(request: IncomingMessage, response: ServerResponse, raw: string): void {
    const url = new URL(request.url ?? '/', this.url);
    const call = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      form: new URLSearchParams(raw),
    };
    this.calls.push(call);
    const send: Send = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      response.end(JSON.stringify(body));
    };
    if (this.failures > 0) {
      this.failures--;
      return send(500, { error: { type: 'api_error', message: 'Stripe fell over' } });
    }
    const match = /^\/v1\/payment_intents(?:\/([^/]+))?(\/cancel)?$/.exec(call.path);
    if (!match) return send(404, { error: { type: 'invalid_request_error', message: 'No route' } });
    const [, id, cancel] = match;
    const endpoint =
      call.method === 'GET' ? 'retrieve' : !id ? 'create' : cancel ? 'cancel' : 'update';
    const params = call.method === 'GET' ? call.query : call.form;
    const allowed: readonly string[] = PAYMENT_INTENT_PARAMS[endpoint];
    const unknown = [...params.keys()].find((name) => !allowed.includes(topLevel(name)));
    if (unknown !== undefined) {
      return invalidRequest(
        send,
        'parameter_unknown',
        `Received unknown parameter: ${unknown}`,
        unknown,
      );
    }
    if (endpoint === 'create') return send(200, this.present(this.create(call), params));
    const intent = id ? this.intents.get(id) : undefined;
    if (!intent) {
      return send(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${id ?? ''}'`,
          param: 'intent',
        },
      });
    }
    if (endpoint === 'cancel') {
      const reason = params.get('cancellation_reason');
      if (reason !== null && !CANCELLATION_REASONS.includes(reason)) {
        return invalidRequest(send, 'parameter_invalid_string', 'Invalid cancellation_reason');
      }
      if (!CANCELABLE.includes(intent.status)) {
        return invalidRequest(
          send,
          'payment_intent_unexpected_state',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        );
      }
      this.set(intent.id, { status: 'canceled', cancellation_reason: reason });
    }
    if (endpoint === 'update') {
      if (!UPDATABLE.includes(intent.status)) {
        return invalidRequest(
          send,
          'payment_intent_unexpected_state',
          `This PaymentIntent's status is ${intent.status}: it cannot be updated.`,
        );
      }
      const amount = params.get('amount');
      this.set(intent.id, {
        ...(amount !== null ? { amount: Number(amount) } : {}),
        metadata: { ...intent.metadata, ...metadataOf(params) },
        ...(params.has('receipt_email') ? { receipt_email: params.get('receipt_email') } : {}),
      });
    }
    send(200, this.present(intent, params));
  }

  private create(call: StripeCall): FakeIntent {
    const key = String(call.headers['idempotency-key'] ?? '');
    const earlier = key ? this.byIdempotencyKey.get(key) : undefined;
    if (earlier) return this.intents.get(earlier) as FakeIntent;
    const id = `pi_fake${++this.count}`;
    const intent: FakeIntent = {
      id,
      client_secret: `${id}_secret_fake${this.count}`,
      amount: Number(call.form.get('amount')),
      currency: call.form.get('currency') ?? '',
      status: 'requires_payment_method',
      metadata: metadataOf(call.form),
      email: null,
      receipt_email: call.form.get('receipt_email'),
    };
    this.intents.set(id, intent);
    if (key) this.byIdempotencyKey.set(key, id);
    return intent;
  }

  /**
   * The intent as Stripe's API shows it: its payment method once she gave one and its charge
   * once paid, each an id unless `expand[]` names it. Billing details live on both, as Stripe
   * keeps them.
   */
  private present(intent: FakeIntent, params: URLSearchParams) {
    const expand = expandsOf(params);
    const suffix = intent.id.slice(3);
    const paid = intent.status === 'succeeded' || intent.status === 'processing';
    const hasMethod = paid || intent.email !== null;
    const method = {
      id: `pm_${suffix}`,
      object: 'payment_method',
      type: 'card',
      billing_details: { email: intent.email, name: null, address: null, phone: null },
    };
    const charge = {
      id: `ch_${suffix}`,
      object: 'charge',
      payment_intent: intent.id,
      payment_method: method.id,
      receipt_email: intent.receipt_email,
      billing_details: {
        email: intent.charge_email === undefined ? intent.email : intent.charge_email,
        name: null,
        address: null,
        phone: null,
      },
    };
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      currency: intent.currency,
      status: intent.status,
      client_secret: intent.client_secret,
      metadata: intent.metadata,
      receipt_email: intent.receipt_email,
      cancellation_reason: intent.cancellation_reason ?? null,
      payment_method: hasMethod ? (expand.includes('payment_method') ? method : method.id) : null,
      latest_charge: paid ? (expand.includes('latest_charge') ? charge : charge.id) : null,
      livemode: false,
    };
  }
}

/** A signed Stripe webhook request: the body and its Stripe-Signature header. */
export function signedEvent(
  event: { id: string; type: string; object: Record<string, unknown> },
  options: { timestampSeconds: number; secret?: string; apiVersion?: string },
): { body: string; signature: string } {
  const body = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    api_version: options.apiVersion ?? STRIPE_API_VERSION,
    created: options.timestampSeconds,
    livemode: false,
    data: { object: event.object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
    timestamp: options.timestampSeconds,
  });
  return { body, signature };
}

/** One fake Stripe for a test file: started before its first test, stopped after its last. */
export function fakeStripeForFile(): FakeStripe {
  const fake = new FakeStripe();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  return fake;
}
