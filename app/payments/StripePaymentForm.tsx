import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry point loads Stripe.js only when asked (never on import): only paying screens.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Plan } from '@shared/plans';
import { useBillingFields } from './BillingFields';
import type { Billing } from './BillingFields';
import { PaymentError } from './PaymentError';
import { usePaymentAttempt } from './usePaymentAttempt';
import type { ConfirmResult, Paid } from './usePaymentAttempt';

interface StripePaymentFormProps {
  plan: Plan;
  publishableKey: string;
  clientSecret: string;
  defaultEmail: string;
  onPaid: (paid: Paid) => Promise<void>;
}

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js, loaded from Stripe's own domain once per key, on the first paying screen. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    // A failed load (offline) may be retried on the next opening.
    stripe.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** The Payment Element inside Stripe's Elements, with our email (required) and name fields. */
export default function StripePaymentForm(props: StripePaymentFormProps) {
  const appearance = { theme: 'stripe' as const, variables: { borderRadius: '12px' } };
  return (
    <Elements
      stripe={stripeFor(props.publishableKey)}
      options={{ clientSecret: props.clientSecret, appearance }}
    >
      <StripeFields {...props} />
    </Elements>
  );
}

function StripeFields({ plan, defaultEmail, onPaid }: StripePaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const billing = useBillingFields(defaultEmail);
  const { processing, error, attempt } = usePaymentAttempt(onPaid);

  async function confirm({ email, name }: Billing): Promise<ConfirmResult> {
    if (!stripe || !elements) return { ok: false, message: undefined };
    const returnUrl = new URL(`/checkout-success?plan=${plan.id}`, window.location.origin);
    const result = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: {
        return_url: returnUrl.href,
        payment_method_data: {
          billing_details: { email, name },
        },
      },
    });
    if (result.error) {
      const known = result.error.type === 'card_error' || result.error.type === 'validation_error';
      if (!known) throw new Error(result.error.message ?? 'Stripe could not take the payment');
      return { ok: false, message: result.error.message };
    }
    if (result.paymentIntent.status !== 'succeeded') {
      return { ok: false, message: 'Your payment was not completed.' };
    }
    return { ok: true, paymentIntentId: result.paymentIntent.id };
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const details = billing.check(event.currentTarget);
    if (details) void attempt(details.email, () => confirm(details));
  }

  return (
    <form className="payment-form" noValidate onSubmit={submit} aria-busy={processing}>
      {billing.fields}
      <PaymentElement
        options={{ fields: { billingDetails: { email: 'never', name: 'never' } } }}
        onReady={() => setReady(true)}
      />
      {error && <PaymentError message={error} />}
      <button
        type="submit"
        className="btn btn--primary payment-form__submit"
        disabled={processing || !ready || !stripe || !elements}
      >
        {processing ? 'Processing...' : `Pay ${plan.price}`}
      </button>
    </form>
  );
}
