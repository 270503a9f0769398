import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry point loads Stripe.js only when asked (never on import): only paying screens.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { emailSchema, messages } from '@shared/validation';
import type { Plan } from '@shared/plans';
import { EmailField } from '../components/forms/EmailField';
import { TextField } from '../components/ui/TextField';
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
  const [email, setEmail] = useState(defaultEmail);
  const [emailError, setEmailError] = useState<string>();
  const [name, setName] = useState('');
  const { processing, error, attempt } = usePaymentAttempt(onPaid);

  async function confirm(billingEmail: string): Promise<ConfirmResult> {
    if (!stripe || !elements) return { ok: false, message: undefined };
    const returnUrl = new URL(`/checkout-success?plan=${plan.id}`, window.location.origin);
    const result = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: {
        return_url: returnUrl.href,
        payment_method_data: {
          billing_details: { email: billingEmail, name: name.trim() || undefined },
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
    const checked = emailSchema.safeParse(email);
    if (!checked.success) {
      setEmailError(email.trim() ? messages.emailInvalid : messages.emailRequired);
      return;
    }
    void attempt(checked.data, () => confirm(checked.data));
  }

  return (
    <form className="payment-form" noValidate onSubmit={submit} aria-busy={processing}>
      <EmailField
        id="payment-email"
        required
        value={email}
        error={emailError}
        onChange={(event) => {
          setEmail(event.target.value);
          setEmailError(undefined);
        }}
      />
      <TextField
        id="payment-name"
        name="name"
        label="Name"
        autoComplete="name"
        placeholder="Optional"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
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
