import { useState, type FormEvent } from 'react';
import { FORGOT_PASSWORD_MESSAGE, forgotPasswordSchema, messages } from '@shared/validation';
import { EmailField } from '../../components/forms/EmailField';
import { ApiError, userMessageOf } from '../../http/client';
import { toast } from '../../state/useToastStore';
import { RecoveryCard } from './RecoveryCard';
import { requestPasswordReset, UNEXPECTED_ERROR } from './recoveryApi';

const FALLBACK_ERROR = 'Something went wrong, please try again.';

type Step = 'form' | 'sending' | 'sent';

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return userMessageOf(error, FALLBACK_ERROR);
  return UNEXPECTED_ERROR;
}

/** /forgot-password: ask for a reset link by email (spec §2, §4, §5, §8). */
export function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [step, setStep] = useState<Step>('form');

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step === 'sending') return;
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError(messages.emailInvalid);
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    setError(undefined);
    setStep('sending');
    try {
      const answer = await requestPasswordReset(parsed.data);
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
    setStep('form');
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

  const sending = step === 'sending';
  return (
    <RecoveryCard
      title="Forgot your password?"
      lead="No stress, bestie. Enter your email and we'll send you a link to reset it."
    >
      <form className="auth-form" noValidate onSubmit={handleSubmit}>
        <EmailField
          id="forgot-email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
          error={error}
          autoFocus
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={sending}>
          {sending ? 'Sending...' : 'Send Reset Instructions'}
        </button>
      </form>
    </RecoveryCard>
  );
}
