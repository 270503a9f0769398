import type { FormEvent } from 'react';
import { resetPasswordFormSchema, type ResetPasswordForm as Values } from '@shared/validation';
import { PasswordField } from '../../components/forms/PasswordField';
import { useZodForm } from '../../components/forms/useZodForm';
import { ApiError, fieldErrorsFromApi } from '../../http/client';
import { toast } from '../../state/useToastStore';
import { resetPassword, UNEXPECTED_ERROR } from '../ForgotPassword/recoveryApi';

interface ResetPasswordFormProps {
  token: string;
  onDone: () => void;
  /** The server said the link is invalid or expired. */
  onInvalidLink: () => void;
}

const EMPTY: Values = { newPassword: '', confirmPassword: '' };

const isInvalidLinkMessage = (message: string) => /expired|invalid/i.test(message);

/** New Password and Confirm Password, sent with the token from the link. */
export function ResetPasswordForm({ token, onDone, onInvalidLink }: ResetPasswordFormProps) {
  const form = useZodForm(resetPasswordFormSchema, EMPTY);
  const submitForm = form.onSubmit(async ({ newPassword }) => {
    try {
      await resetPassword({ token, newPassword });
      onDone();
    } catch (error) {
      const message = error instanceof ApiError ? (error.body?.message ?? error.message) : '';
      if (error instanceof ApiError && isInvalidLinkMessage(message)) return onInvalidLink();
      form.showServerErrors(fieldErrorsFromApi(error));
      const description = error instanceof ApiError ? message : UNEXPECTED_ERROR;
      toast({ title: 'Error', description, variant: 'destructive' });
    }
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    // A link whose token went missing is said before anything is checked (spec §5, §8).
    if (!token) {
      event.preventDefault();
      toast({ title: 'Missing reset token.', variant: 'destructive' });
      return;
    }
    submitForm(event);
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit}>
      <PasswordField
        id="reset-new-password"
        kind="new"
        label="New Password"
        {...form.field('newPassword')}
        autoFocus
      />
      <PasswordField
        id="reset-confirm-password"
        kind="confirm"
        {...form.field('confirmPassword')}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={form.submitting}>
        {form.submitting ? 'Updating password...' : 'Reset Password'}
      </button>
    </form>
  );
}
