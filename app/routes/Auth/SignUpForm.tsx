import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, messages, PASSWORD_MIN_LENGTH, signUpFormSchema } from '@shared/validation';
import { register } from '../../http/auth';
import { fieldErrorsFromApi } from '../../http/client';
import { EmailField } from '../../components/forms/EmailField';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../state/useToastStore';
import { enterAccount, toastFillAllFields } from './authFeedback';
import { useFocusOnMount } from './useFocusOnMount';

export interface SignUpValues {
  email: string;
  password: string;
  confirmPassword: string;
}

export const EMPTY_SIGN_UP: SignUpValues = { email: '', password: '', confirmPassword: '' };
const FIELD_ORDER = ['email', 'password', 'confirmPassword'] as const;

interface SignUpFormProps {
  values: SignUpValues;
  onChange: (values: SignUpValues) => void;
  focusEmail: boolean;
}

export function SignUpForm({ values, onChange, focusEmail }: SignUpFormProps) {
  const { errors, clear, show: showErrors, reset } = useFieldErrors(FIELD_ORDER);
  const [pending, setPending] = useState(false);
  const emailRef = useFocusOnMount<HTMLInputElement>(focusEmail);

  function update(field: keyof SignUpValues, value: string) {
    onChange({ ...values, [field]: value });
    clear(field);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const parsed = signUpFormSchema.safeParse(values);
    if (!parsed.success) {
      showErrors(form, fieldErrorsOf(parsed.error));
      if (!values.email.trim() || !values.password || !values.confirmPassword) {
        toastFillAllFields();
      } else if (values.password.length < PASSWORD_MIN_LENGTH) {
        toast({
          title: 'Password too short',
          description: messages.passwordTooShort,
          variant: 'destructive',
        });
      }
      return;
    }
    reset();
    setPending(true);
    const { email, password } = parsed.data;
    await enterAccount({
      request: () => register({ email, password }),
      success: { title: 'Registration successful', description: 'Account created successfully!' },
      failure: {
        title: 'Registration failed',
        fallback: 'Failed to create account',
        refused: { status: 409, description: 'Please try again with a different email' },
      },
      onFailure: (error) => {
        setPending(false);
        showErrors(form, fieldErrorsFromApi(error));
      },
    });
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit}>
      <EmailField
        id="signup-email"
        value={values.email}
        onChange={(event) => update('email', event.target.value)}
        error={errors.email}
        inputRef={emailRef}
      />
      <TextField
        id="signup-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
        value={values.password}
        onChange={(event) => update('password', event.target.value)}
        error={errors.password}
      />
      <TextField
        id="signup-confirm-password"
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        placeholder="Type it once more"
        value={values.confirmPassword}
        onChange={(event) => update('confirmPassword', event.target.value)}
        error={errors.confirmPassword}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={pending}>
        {pending ? 'Creating account...' : 'Sign Up'}
      </button>
    </form>
  );
}
