import type { Deps } from '../deps';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripeProvider';
import { createTestProvider } from './testProvider';

/** The provider config chose (config.paymentProvider); null when payments are off. */
export function createPaymentProvider(
  deps: Pick<Deps, 'config' | 'db' | 'now'>,
): PaymentProvider | null {
  switch (deps.config.paymentProvider) {
    case 'stripe':
      return createStripeProvider(deps.config);
    case 'test':
      return createTestProvider(deps);
    case 'off':
      return null;
  }
}
