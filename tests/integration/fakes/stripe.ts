import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

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
  /** The billing email she typed, on the intent's charge once it is paid. */
  email: string | null;
  receipt_email: string | null;
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
 * The part of Stripe's API the server's SDK calls: POST /v1/payment_intents (form-encoded,
 * honouring Idempotency-Key) and GET /v1/payment_intents/:id (with `expand[]=latest_charge`).
 * It records every call; a test moves an intent's status, amount, currency or email by hand.
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

  /** She paid: the intent succeeded with her billing email. */
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
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      response.end(JSON.stringify(body));
    };
    if (this.failures > 0) {
      this.failures--;
      return send(500, { error: { type: 'api_error', message: 'Stripe fell over' } });
    }
    if (call.method === 'POST' && call.path === '/v1/payment_intents') {
      return send(200, this.present(this.create(call)));
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(call.path);
    const intent = match?.[1] ? this.intents.get(match[1]) : undefined;
    if (call.method === 'GET' && intent) {
      const expand = [...call.query].some(
        ([key, value]) => key.startsWith('expand[') && value === 'latest_charge',
      );
      return send(200, this.present(intent, expand));
    }
    send(404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${match?.[1] ?? call.path}'`,
      },
    });
  }

  private create(call: StripeCall): FakeIntent {
    const key = String(call.headers['idempotency-key'] ?? '');
    const earlier = key ? this.byIdempotencyKey.get(key) : undefined;
    if (earlier) return this.intents.get(earlier) as FakeIntent;
    const id = `pi_fake${++this.count}`;
    const metadata: Record<string, string> = {};
    for (const [name, value] of call.form) {
      const field = /^metadata\[(.+)\]$/.exec(name)?.[1];
      if (field) metadata[field] = value;
    }
    const intent: FakeIntent = {
      id,
      client_secret: `${id}_secret_fake${this.count}`,
      amount: Number(call.form.get('amount')),
      currency: call.form.get('currency') ?? '',
      status: 'requires_payment_method',
      metadata,
      email: null,
      receipt_email: null,
    };
    this.intents.set(id, intent);
    if (key) this.byIdempotencyKey.set(key, id);
    return intent;
  }

  /** The intent as Stripe's API shows it; its charge only when expanded and paid. */
  private present(intent: FakeIntent, expand = false) {
    const chargeId = `ch_${intent.id.slice(3)}`;
    const paid = intent.status === 'succeeded';
    const charge = {
      id: chargeId,
      object: 'charge',
      payment_intent: intent.id,
      billing_details: { email: intent.email, name: null },
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
      latest_charge: paid ? (expand ? charge : chargeId) : null,
      livemode: false,
    };
  }
}

/** A signed Stripe webhook request: the body and its Stripe-Signature header. */
export function signedEvent(
  event: { id: string; type: string; object: Record<string, unknown> },
  options: { timestampSeconds: number; secret?: string },
): { body: string; signature: string } {
  const body = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    api_version: '2025-01-01',
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
