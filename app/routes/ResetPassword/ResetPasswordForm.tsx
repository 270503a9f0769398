import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, resetPasswordFormSchema } from '@shared/validation';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { TextField } from '../../components/ui/TextField';
import { ApiError, fieldErrorsFromApi } from '../../http/client';
import { toast } from '../../state/useToastStore';
import { resetPassword, UNEXPECTED_ERROR } from '../ForgotPassword/recoveryApi';

interface ResetPasswordFormProps {
  token: string;
  onDone: () => void;
  /** The server said the link is invalid or expired. */
  onInvalidLink: () => void;
}

const FIELD_ORDER = ['newPassword', 'confirmPassword'] as const;

const isInvalidLinkMessage = (message: string) => /expired|invalid/i.test(message);

/** New Password and Confirm Password, sent with the token from the link. */
export function ResetPasswordForm({ token, onDone, onInvalidLink }: ResetPasswordFormProps) {
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const fieldErrors = useFieldErrors(FIELD_ORDER);
  const { errors, show: showFieldErrors } = fieldErrors;
  const [pending, setPending] = useState(false);

  function update(field: keyof typeof values, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    fieldErrors.clear(field);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    if (!token) {
      toast({ title: 'Missing reset token.', variant: 'destructive' });
      return;
    }
    const parsed = resetPasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      showFieldErrors(form, fieldErrorsOf(parsed.error));
      return;
    }
    fieldErrors.reset();
    setPending(true);
    try {
      await resetPassword({ token, newPassword: parsed.data.newPassword });
      onDone();
    } catch (error) {
      setPending(false);
      const message = error instanceof ApiError ? (error.body?.message ?? error.message) : '';
      if (error instanceof ApiError && isInvalidLinkMessage(message)) return onInvalidLink();
      showFieldErrors(form, fieldErrorsFromApi(error));
      const description = error instanceof ApiError ? message : UNEXPECTED_ERROR;
      toast({ title: 'Error', description, variant: 'destructive' });
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit}>
      <TextField
        id="reset-new-password"
        name="newPassword"
        label="New Password"
        type="password"
        autoComplete="new-password"
        placeholder="At least 6 characters"
        value={values.newPassword}
        onChange={(event) => update('newPassword', event.target.value)}
        error={errors.newPassword}
        autoFocus
      />
      <TextField
        id="reset-confirm-password"
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        placeholder="Type it again"
        value={values.confirmPassword}
        onChange={(event) => update('confirmPassword', event.target.value)}
        error={errors.confirmPassword}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={pending}>
        {pending ? 'Updating password...' : 'Reset Password'}
      </button>
    </form>
  );
}
