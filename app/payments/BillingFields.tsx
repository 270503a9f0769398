import { useState } from 'react';
import { emailSchema, messages } from '@shared/validation';
import { EmailField } from '../components/forms/EmailField';
import { TextField } from '../components/ui/TextField';

export interface Billing {
  email: string;
  /** Undefined when she left it empty (it is optional). */
  name: string | undefined;
}

/**
 * The billing details every payment form asks for (spec §3): email, required and of email
 * type, and an optional name. `check` gives them, or shows the email's problem and focuses it.
 *
 * Not on useZodForm: its check is synchronous, so the confirm call leaves within
 * the submit event (checkout.test's double tap counts on it); react-hook-form validates a
 * submit asynchronously.
 */
export function useBillingFields(defaultEmail: string) {
  const [email, setEmail] = useState(defaultEmail);
  const [shownDefault, setShownDefault] = useState(defaultEmail);
  // Her account may arrive after the form: its email fills the box, unless she has typed.
  if (defaultEmail !== shownDefault) {
    setShownDefault(defaultEmail);
    if (email === shownDefault) setEmail(defaultEmail);
  }
  const [emailError, setEmailError] = useState<string>();
  const [name, setName] = useState('');

  function check(form: HTMLFormElement): Billing | null {
    const checked = emailSchema.safeParse(email);
    if (!checked.success) {
      setEmailError(email.trim() ? messages.emailInvalid : messages.emailRequired);
      form.querySelector<HTMLInputElement>('input[name=email]')?.focus();
      return null;
    }
    return { email: checked.data, name: name.trim() || undefined };
  }

  const fields = (
    <>
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
    </>
  );

  return { fields, check };
}
