import { useState } from 'react';
import { Link } from 'react-router-dom';
import { loginSchema, type LoginBody } from '@shared/validation';
import { login } from '../../http/auth';
import { fieldErrorsFromApi } from '../../http/client';
import { EmailField } from '../../components/forms/EmailField';
import { PasswordField } from '../../components/forms/PasswordField';
import { useZodForm } from '../../components/forms/useZodForm';
import { enterAccount, toastFillAllFields } from './authFeedback';
import { useFocusOnMount } from './useFocusOnMount';
import { useReportValues } from './useReportValues';

export interface LoginValues {
  email: string;
  password: string;
}

export const EMPTY_LOGIN: LoginValues = { email: '', password: '' };

interface LoginFormProps {
  /** What she typed before (kept by the page or modal across tabs): the form starts from it. */
  values: LoginValues;
  /** Each change she makes, for the page or modal to keep. */
  onChange: (values: LoginValues) => void;
  focusEmail: boolean;
}

export function LoginForm({ values, onChange, focusEmail }: LoginFormProps) {
  const form = useZodForm(loginSchema, values);
  // Once she is in, the button stays pending while the page or modal moves on.
  const [signedIn, setSignedIn] = useState(false);
  useFocusOnMount(focusEmail, form.setFocus, 'email');
  useReportValues(form, onChange);

  async function send(body: LoginBody) {
    const done = await enterAccount({
      request: () => login(body),
      success: { title: 'Login successful', description: 'Welcome back!' },
      failure: {
        title: 'Login failed',
        fallback: 'Failed to log in',
        refused: { status: 401, description: 'Please check your email and password' },
      },
      onFailure: (error) => form.showServerErrors(fieldErrorsFromApi(error)),
    });
    if (done) setSignedIn(true);
  }

  function refused(typed: LoginValues) {
    if (!typed.email.trim() || !typed.password) toastFillAllFields();
  }

  const pending = form.submitting || signedIn;
  return (
    <form className="auth-form" noValidate onSubmit={form.onSubmit(send, refused)}>
      <EmailField id="login-email" {...form.field('email')} />
      <PasswordField
        id="login-password"
        {...form.field('password')}
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
