import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry point loads Stripe.js only when asked (never on import): only paying screens.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeElementsOptions, StripePaymentElement } from '@stripe/stripe-js';
import { useEffect, useMemo, useRef, useState } from 'react';
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

/** How long Stripe.js and its Payment Element get before she is told it did not load. */
export const STRIPE_READY_WITHIN_MS = 10_000;
export const STRIPE_LOAD_FAILED =
  "We couldn't load the secure payment form. Check your connection or any content blocker, then try again.";

const loads = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js, loaded from Stripe's own domain once per key, on the first paying screen. A load
 * that failed is forgotten here, and Stripe's loader forgets it too (@stripe/stripe-js clears
 * its cached promise once a load has finally failed, after its one retry), so 'Try again'
 * fetches it afresh. One still under way (a slow network) is waited for again: the browser
 * would share its request with a new script of the same address anyway.
 */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  const kept = loads.get(publishableKey);
  if (kept) return kept;
  const load = loadStripe(publishableKey);
  load.catch(() => {
    if (loads.get(publishableKey) === load) loads.delete(publishableKey);
  });
  loads.set(publishableKey, load);
  return load;
}

/**
 * The Payment Element inside Stripe's Elements, with our email (required) and name fields.
 * Should Stripe.js or the Payment Element not be ready within 10 s, or fail to load (a content
 * blocker, a flaky network), she is told so, with 'Try again'; what she typed stays.
 */
export default function StripePaymentForm(props: StripePaymentFormProps) {
  const { publishableKey, clientSecret } = props;
  const [loading, setLoading] = useState(() => stripeFor(publishableKey));
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  // Above Elements: her email and name outlive a retry.
  const billing = useBillingFields(props.defaultEmail);

  useEffect(() => {
    let current = true;
    loading.then(
      (loaded) => {
        if (!current) return;
        if (loaded) setStripe((before) => before ?? loaded);
        else setFailed(true);
      },
      (error: unknown) => {
        if (!current) return;
        console.error('Stripe.js did not load', error);
        setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [loading]);

  useEffect(() => {
    if (ready || failed) return;
    const timer = window.setTimeout(() => setFailed(true), STRIPE_READY_WITHIN_MS);
    return () => window.clearTimeout(timer);
  }, [ready, failed, attempt]);

  function retry() {
    setFailed(false);
    setReady(false);
    setAttempt((count) => count + 1);
    if (!stripe) setLoading(stripeFor(publishableKey));
  }

  const options = useMemo<StripeElementsOptions>(
    () => ({ clientSecret, appearance: { theme: 'stripe', variables: { borderRadius: '12px' } } }),
    [clientSecret],
  );

  return (
    // Null until Stripe.js has come; Elements takes it then (null to a Stripe, once).
    <Elements stripe={stripe} options={options}>
      <StripeFields
        {...props}
        billing={billing}
        attempt={attempt}
        ready={ready}
        failed={failed && !ready}
        onReady={() => {
          setReady(true);
          setFailed(false);
        }}
        onLoadError={() => setFailed(true)}
        onRetry={retry}
      />
    </Elements>
  );
}

interface StripeFieldsProps extends StripePaymentFormProps {
  billing: ReturnType<typeof useBillingFields>;
  /** 0, then one more for each 'Try again' (the Payment Element is made anew for each). */
  attempt: number;
  ready: boolean;
  failed: boolean;
  onReady: () => void;
  onLoadError: () => void;
  onRetry: () => void;
}

function StripeFields({
  plan,
  onPaid,
  billing,
  attempt,
  ready,
  failed,
  ...load
}: StripeFieldsProps) {
  const stripe = useStripe();
  const elements = useElements();
  const { processing, error, attempt: pay } = usePaymentAttempt(onPaid);
  const loadingRef = useRef<HTMLDivElement>(null);
  const tryAgainRef = useRef<HTMLButtonElement>(null);

  // After her 'Try again', focus follows what she is waiting for: the loading note, then the
  // card field, or 'Try again' once more. The first failure leaves her focus where it is.
  useEffect(() => {
    if (attempt === 0) return;
    if (failed) tryAgainRef.current?.focus();
    else if (!ready) loadingRef.current?.focus();
  }, [attempt, failed, ready]);

  function elementReady(element: StripePaymentElement) {
    load.onReady();
    if (attempt > 0) element.focus();
  }

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
    if (details) void pay(details.email, () => confirm(details));
  }

  return (
    <form className="payment-form" noValidate onSubmit={submit} aria-busy={processing}>
      {billing.fields}
      {failed ? (
        <div className="payment-form__load-failed">
          <p className="payment-form__error" role="alert">
            {STRIPE_LOAD_FAILED}
          </p>
          <button
            ref={tryAgainRef}
            type="button"
            className="btn btn--secondary"
            onClick={load.onRetry}
          >
            Try again
          </button>
        </div>
      ) : (
        !ready && (
          <div ref={loadingRef} tabIndex={-1} className="payment-form__card-loading" role="status">
            Loading the secure card form…
          </div>
        )
      )}
      <PaymentElement
        key={attempt}
        options={{ fields: { billingDetails: { email: 'never', name: 'never' } } }}
        onReady={elementReady}
        onLoadError={load.onLoadError}
      />
      {error && <PaymentError message={error} />}
      {!failed && (
        <button
          type="submit"
          className="btn btn--primary payment-form__submit"
          disabled={processing || !ready || !stripe || !elements}
        >
          {processing ? 'Processing...' : `Pay ${plan.price}`}
        </button>
      )}
    </form>
  );
}
