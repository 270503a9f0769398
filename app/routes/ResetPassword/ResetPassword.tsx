import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { refreshUser } from '../../state/useUserStore';
import { RecoveryCard } from '../ForgotPassword/RecoveryCard';
import { ResetPasswordForm } from './ResetPasswordForm';
import { useNoReferrerMeta } from './useNoReferrerMeta';

type Step = 'form' | 'done' | 'invalid';

/** /reset-password?token=…: choose a new password from the mailed link (spec §2, §4, §5, §8). */
export function ResetPassword() {
  useNoReferrerMeta();
  const [params] = useSearchParams();
  // No token at all is not a reset link (spec §4); `?token=` with nothing in it is one whose
  // token went missing, which the form says on submit: 'Missing reset token.' (spec §5, §8).
  const token = params.get('token');
  const [step, setStep] = useState<Step>(token === null ? 'invalid' : 'form');

  if (step === 'invalid') {
    return (
      <RecoveryCard
        title="Invalid or Expired Link"
        lead="This reset link doesn't work anymore. Links expire after 60 minutes and work only once, so ask for a fresh one."
      >
        <div className="recovery-card__actions">
          <Link to="/forgot-password" className="btn btn--primary btn--block">
            Request new link
          </Link>
        </div>
      </RecoveryCard>
    );
  }

  if (step === 'done') {
    return (
      <RecoveryCard
        title="Password Updated!"
        lead="You're all set, bestie. For your safety we signed you out everywhere, so log in with your new password."
      >
        <div className="recovery-card__actions">
          <Link to="/auth" className="btn btn--primary btn--block">
            Log in
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
