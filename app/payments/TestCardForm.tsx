import { useState } from 'react';
import type { FormEvent } from 'react';
import { emailSchema, messages } from '@shared/validation';
import type { Plan } from '@shared/plans';
import { EmailField } from '../components/forms/EmailField';
import { TextField } from '../components/ui/TextField';
import { ApiError } from '../http/client';
import { confirmTestPayment } from '../http/payments';
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
  const [email, setEmail] = useState(defaultEmail);
  const [emailError, setEmailError] = useState<string>();
  const [name, setName] = useState('');
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const { processing, error, attempt } = usePaymentAttempt(onPaid);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = emailSchema.safeParse(email);
    if (!checked.success) {
      setEmailError(email.trim() ? messages.emailInvalid : messages.emailRequired);
      event.currentTarget.querySelector<HTMLInputElement>('input[name=email]')?.focus();
      return;
    }
    void attempt(checked.data, () =>
      confirmWithTestProvider({
        clientSecret,
        email: checked.data,
        name: name.trim() || undefined,
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
        autoComplete="cc-name"
        placeholder="Optional"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
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
