import { useState } from 'react';
import {
  messages,
  PASSWORD_MIN_LENGTH,
  signUpFormSchema,
  type RegisterBody,
} from '@shared/validation';
import { register } from '../../http/auth';
import { fieldErrorsFromApi } from '../../http/client';
import { EmailField } from '../../components/forms/EmailField';
import { PasswordField } from '../../components/forms/PasswordField';
import { useZodForm } from '../../components/forms/useZodForm';
import { toast } from '../../state/useToastStore';
import { enterAccount, toastFillAllFields } from './authFeedback';
import { useFocusOnMount } from './useFocusOnMount';
import { useReportValues } from './useReportValues';

export interface SignUpValues {
  email: string;
  password: string;
  confirmPassword: string;
}

export const EMPTY_SIGN_UP: SignUpValues = { email: '', password: '', confirmPassword: '' };

interface SignUpFormProps {
  /** What she typed before (kept by the page or modal across tabs): the form starts from it. */
  values: SignUpValues;
  /** Each change she makes, for the page or modal to keep. */
  onChange: (values: SignUpValues) => void;
  focusEmail: boolean;
}

export function SignUpForm({ values, onChange, focusEmail }: SignUpFormProps) {
  const form = useZodForm(signUpFormSchema, values);
  // Once she is in, the button stays pending while the page or modal moves on.
  const [signedIn, setSignedIn] = useState(false);
  useFocusOnMount(focusEmail, form.setFocus, 'email');
  useReportValues(form, onChange);

  // The confirmation never leaves the device.
  async function send({ email, password }: RegisterBody) {
    const done = await enterAccount({
      request: () => register({ email, password }),
      success: { title: 'Registration successful', description: 'Account created successfully!' },
      failure: {
        title: 'Registration failed',
        fallback: 'Failed to create account',
        refused: { status: 409, description: 'Please try again with a different email' },
      },
      onFailure: (error) => form.showServerErrors(fieldErrorsFromApi(error)),
    });
    if (done) setSignedIn(true);
  }

  function refused(typed: SignUpValues) {
    if (!typed.email.trim() || !typed.password || !typed.confirmPassword) {
      toastFillAllFields();
    } else if (typed.password.length < PASSWORD_MIN_LENGTH) {
      toast({
        title: 'Password too short',
        description: messages.passwordTooShort,
        variant: 'destructive',
      });
    }
  }

  const pending = form.submitting || signedIn;
  return (
    <form className="auth-form" noValidate onSubmit={form.onSubmit(send, refused)}>
      <EmailField id="signup-email" {...form.field('email')} />
      <PasswordField id="signup-password" kind="new" {...form.field('password')} />
      <PasswordField
        id="signup-confirm-password"
        kind="confirm"
        {...form.field('confirmPassword')}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={pending}>
        {pending ? 'Creating account...' : 'Sign Up'}
      </button>
    </form>
  );
}
