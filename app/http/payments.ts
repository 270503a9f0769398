import type {
  ClientConfig,
  CreatePaymentIntentBody,
  PaymentIntentAnswer,
  PurchasesAnswer,
  TestConfirmAnswer,
  TestConfirmBody,
  VerifyPaymentAnswer,
  VerifyPaymentBody,
} from '@shared/payments';
import { apiJson } from './client';

/** What the browser needs to pay (the publishable key comes from the server, not the build). */
export function getClientConfig(): Promise<ClientConfig> {
  return apiJson<ClientConfig>('GET', '/api/config');
}

export function createPaymentIntent(body: CreatePaymentIntentBody): Promise<PaymentIntentAnswer> {
  return apiJson<PaymentIntentAnswer>('POST', '/api/guest-create-payment-intent', body);
}

export function verifyPayment(body: VerifyPaymentBody): Promise<VerifyPaymentAnswer> {
  return apiJson<VerifyPaymentAnswer>('POST', '/api/verify-payment', body);
}

/** The built-in test provider's stand-in for Stripe's confirm call (no keys set). */
export function confirmTestPayment(body: TestConfirmBody): Promise<TestConfirmAnswer> {
  return apiJson<TestConfirmAnswer>('POST', '/api/test-payments/confirm', body);
}

export function getPurchases(): Promise<PurchasesAnswer> {
  return apiJson<PurchasesAnswer>('GET', '/api/purchases');
}
