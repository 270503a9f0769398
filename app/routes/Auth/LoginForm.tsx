import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { fieldErrorsOf, loginSchema } from '@shared/validation';
import { login } from '../../http/auth';
import { fieldErrorsFromApi } from '../../http/client';
import { EmailField } from '../../components/forms/EmailField';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { TextField } from '../../components/ui/TextField';
import { enterAccount, toastFillAllFields } from './authFeedback';
import { useFocusOnMount } from './useFocusOnMount';

export interface LoginValues {
  email: string;
  password: string;
}

export const EMPTY_LOGIN: LoginValues = { email: '', password: '' };
const FIELD_ORDER = ['email', 'password'] as const;

interface LoginFormProps {
  values: LoginValues;
  onChange: (values: LoginValues) => void;
  focusEmail: boolean;
}

export function LoginForm({ values, onChange, focusEmail }: LoginFormProps) {
  const { errors, clear, show: showErrors, reset } = useFieldErrors(FIELD_ORDER);
  const [pending, setPending] = useState(false);
  const emailRef = useFocusOnMount<HTMLInputElement>(focusEmail);

  function update(field: keyof LoginValues, value: string) {
    onChange({ ...values, [field]: value });
    clear(field);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      showErrors(form, fieldErrorsOf(parsed.error));
      if (!values.email.trim() || !values.password) toastFillAllFields();
      return;
    }
    reset();
    setPending(true);
    await enterAccount({
      request: () => login(parsed.data),
      success: { title: 'Login successful', description: 'Welcome back!' },
      failure: {
        title: 'Login failed',
        fallback: 'Failed to log in',
        refused: { status: 401, description: 'Please check your email and password' },
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
        id="login-email"
        value={values.email}
        onChange={(event) => update('email', event.target.value)}
        error={errors.email}
        inputRef={emailRef}
      />
      <TextField
        id="login-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="Your password"
        value={values.password}
        onChange={(event) => update('password', event.target.value)}
        error={errors.password}
        labelAside={
          <span className="field__aside">
            Forgot password? <Link to="/forgot-password">Reset</Link>
          </span>
        }
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={pending}>
        {pending ? 'Logging in...' : 'Log In'}
      </button>
    </form>
  );
}
