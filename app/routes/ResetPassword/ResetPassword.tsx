import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { refreshUser } from '../../state/useUserStore';
import { RecoveryCard } from '../ForgotPassword/RecoveryCard';
import { ResetPasswordForm } from './ResetPasswordForm';
import { useNoReferrerMeta } from './useNoReferrerMeta';

type Step = 'form' | 'done' | 'invalid';

/** A link that no longer works, or a password changed: what happened, and her one way on. */
const END = {
  invalid: {
    title: 'Invalid or Expired Link',
    lead: "This reset link doesn't work anymore. Links expire after 60 minutes and work only once, so ask for a fresh one.",
    to: '/forgot-password',
    action: 'Request new link',
  },
  done: {
    title: 'Password Updated!',
    lead: "You're all set, bestie. For your safety we signed you out everywhere, so log in with your new password.",
    to: '/auth',
    action: 'Log in',
  },
} as const;

/** /reset-password?token=…: choose a new password from the mailed link (spec §2, §4, §5, §8). */
export function ResetPassword() {
  useNoReferrerMeta();
  const [params] = useSearchParams();
  // No token at all is not a reset link (spec §4); `?token=` with nothing in it is one whose
  // token went missing, which the form says on submit: 'Missing reset token.' (spec §5, §8).
  const token = params.get('token');
  const [step, setStep] = useState<Step>(token === null ? 'invalid' : 'form');

  if (step !== 'form') {
    const { title, lead, to, action } = END[step];
    return (
      <RecoveryCard title={title} lead={lead}>
        <div className="recovery-card__actions">
          <Link to={to} className="btn btn--primary btn--block">
            {action}
          </Link>
        </div>
      </RecoveryCard>
    );
  }

  return (
    <RecoveryCard title="Reset your password" lead="Make it something only you would know.">
      <ResetPasswordForm
        token={token ?? ''}
        onDone={() => {
          setStep('done');
          // Every session ended on the server, this browser's too.
          void refreshUser();
        }}
        onInvalidLink={() => setStep('invalid')}
      />
    </RecoveryCard>
  );
}
