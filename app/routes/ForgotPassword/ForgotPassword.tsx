import { useState } from 'react';
import {
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordSchema,
  messages,
  type ForgotPasswordBody,
} from '@shared/validation';
import { EmailField } from '../../components/forms/EmailField';
import { useZodForm } from '../../components/forms/useZodForm';
import { ApiError, userMessageOf } from '../../http/client';
import { toast } from '../../state/useToastStore';
import { RecoveryCard } from './RecoveryCard';
import { requestPasswordReset, UNEXPECTED_ERROR } from './recoveryApi';

const FALLBACK_ERROR = 'Something went wrong, please try again.';

type Step = 'form' | 'sent';

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return userMessageOf(error, FALLBACK_ERROR);
  return UNEXPECTED_ERROR;
}

/** /forgot-password: ask for a reset link by email (spec §2, §4, §5, §8). */
export function ForgotPassword() {
  const [step, setStep] = useState<Step>('form');
  const form = useZodForm(forgotPasswordSchema, { email: '' });

  async function send(body: ForgotPasswordBody) {
    try {
      const answer = await requestPasswordReset(body);
      if (answer?.ok) {
        setStep('sent');
        return;
      }
      showError(answer?.message || FALLBACK_ERROR);
    } catch (failure) {
      showError(failureMessage(failure));
    }
  }

  function showError(description: string) {
    toast({ title: 'Error', description, variant: 'destructive' });
  }

  if (step === 'sent') {
    return (
      <RecoveryCard title="Check your inbox!" lead={FORGOT_PASSWORD_MESSAGE}>
        <p className="recovery-card__hint">
          The link works for 60 minutes. Can't find it? Peek in your spam folder.
        </p>
        <div className="recovery-card__actions">
          <button type="button" className="btn btn--secondary" onClick={() => setStep('form')}>
            Try again
          </button>
        </div>
      </RecoveryCard>
    );
  }

  const sending = form.submitting;
  const email = form.field('email');
  return (
    <RecoveryCard
      title="Forgot your password?"
      lead="No stress, bestie. Enter your email and we'll send you a link to reset it."
    >
      <form className="auth-form" noValidate onSubmit={form.onSubmit(send)}>
        <EmailField
          id="forgot-email"
          {...email}
          // Whatever is wrong with it, even an empty field, she reads the one message (spec §5).
          error={email.error && messages.emailInvalid}
          autoFocus
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={sending}>
          {sending ? 'Sending...' : 'Send Reset Instructions'}
        </button>
      </form>
    </RecoveryCard>
  );
}
