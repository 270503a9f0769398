import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Plan } from '@shared/plans';
import { TextField } from '../components/ui/TextField';
import { ApiError } from '../http/client';
import { confirmTestPayment } from '../http/payments';
import { useBillingFields } from './BillingFields';
import { formatCardNumber, formatCvc, formatExpiry } from './cardFormat';
import { PaymentError } from './PaymentError';
import { usePaymentAttempt } from './usePaymentAttempt';
import type { ConfirmResult, Paid } from './usePaymentAttempt';

interface TestCardFormProps {
  plan: Plan;
  clientSecret: string;
  defaultEmail: string;
  onPaid: (paid: Paid) => Promise<void>;
}

/** A refusal the provider explains (declined, invalid card) is a failed payment, not a crash. */
async function confirmWithTestProvider(
  body: Parameters<typeof confirmTestPayment>[0],
): Promise<ConfirmResult> {
  try {
    const answer = await confirmTestPayment(body);
    return { ok: true, paymentIntentId: answer.paymentIntentId };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      return { ok: false, message: error.body?.message };
    }
    throw error;
  }
}

/**
 * The local test provider's card form (no Stripe keys set): Stripe's test numbers, no real
 * charge, the same confirm-then-verify path as Stripe.
 */
export function TestCardForm({ plan, clientSecret, defaultEmail, onPaid }: TestCardFormProps) {
  const billing = useBillingFields(defaultEmail);
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const { processing, error, attempt } = usePaymentAttempt(onPaid);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const details = billing.check(event.currentTarget);
    if (!details) return;
    void attempt(details.email, () =>
      confirmWithTestProvider({
        clientSecret,
        ...details,
        cardNumber,
        expiry,
        cvc,
      }),
    );
  }

  return (
    <form className="payment-form" noValidate onSubmit={submit} aria-busy={processing}>
      <p className="payment-form__test-mode" role="note">
        Test mode — no real charge
      </p>
      {billing.fields}
      <TextField
        id="payment-card-number"
        name="cardNumber"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={cardNumber}
        onChange={(event) => setCardNumber(formatCardNumber(event.target.value))}
      />
      <div className="payment-form__row">
        <TextField
          id="payment-expiry"
          name="expiry"
          label="Expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          onChange={(event) => setExpiry(formatExpiry(event.target.value, expiry))}
        />
        <TextField
          id="payment-cvc"
          name="cvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={cvc}
          onChange={(event) => setCvc(formatCvc(event.target.value))}
        />
      </div>
      <p className="payment-form__hint muted">
        Use 4242 4242 4242 4242 with any future date and any CVC.
      </p>
      {error && <PaymentError message={error} />}
      <button type="submit" className="btn btn--primary payment-form__submit" disabled={processing}>
        {processing ? 'Processing...' : `Pay ${plan.price}`}
      </button>
    </form>
  );
}
