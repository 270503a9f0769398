import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isPlanId } from '@shared/plans';
import { paymentMessages } from '@shared/payments';
import { SimplePage } from '../components/SimplePage';
import { Spinner } from '../components/ui/Spinner';
import { verifyPayment } from '../http/payments';
import { toast, useToastStore, type ToastInput } from '../state/useToastStore';
import { refreshUser, useUserStore } from '../state/useUserStore';

export const REDIRECT_AFTER_MS = 5000;

/**
 * Back from the provider's redirect (3-D Secure, a bank page): Stripe adds payment_intent and
 * redirect_status. The payment is verified with the server before her data is refreshed.
 */
async function settleReturn(params: URLSearchParams): Promise<void> {
  const paymentIntentId = params.get('payment_intent');
  const planId = params.get('plan');
  if (paymentIntentId && isPlanId(planId) && params.get('redirect_status') === 'succeeded') {
    await verifyPayment({ paymentIntentId, planId }).catch((error: unknown) =>
      console.error(paymentMessages.verifyFailed, error),
    );
  }
  await refreshUser();
}

/**
 * Shows the toast once the one on screen has closed (at once if none is): paying on /checkout
 * says 'Subscription Success!' just before coming here, and one toast at a time (spec §9) would
 * otherwise replace it before anyone could read it. It waits past this screen (the redirect
 * after 5 s), so hers still shows.
 */
function toastAfterTheOneShown(input: ToastInput): void {
  if (!useToastStore.getState().current?.open) {
    toast(input);
    return;
  }
  const stop = useToastStore.subscribe(({ current }) => {
    if (current?.open) return;
    stop();
    toast(input);
  });
}

/** /checkout-success: the payment confirmation and the payment provider's return address. */
export function CheckoutSuccess() {
  const [params] = useSearchParams();
  const failed = params.get('redirect_status') === 'failed';
  return failed ? <PaymentNotTaken plan={params.get('plan')} /> : <PaymentTaken />;
}

function PaymentTaken() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const paidWith = (useLocation().state as { email?: string } | null)?.email;
  const { status, user } = useUserStore();
  const signedIn = user !== null;
  const [settled, setSettled] = useState(false);
  // Said once, though StrictMode runs the effect twice: its wait outlives the screen.
  const announced = useRef(false);

  useEffect(() => {
    void settleReturn(params).finally(() => setSettled(true));
    if (!announced.current) {
      announced.current = true;
      toastAfterTheOneShown({
        title: 'Payment successful!',
        description: 'Your subscription is now active',
      });
    }
    // Once, on arrival: the query is read as it was when she landed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setTimeout(() => navigate('/chat?bestie=cassie'), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, navigate]);

  return (
    <SimplePage title="Payment Successful!">
      <p>Your subscription has been activated...</p>
      {status === 'loading' || (!settled && !signedIn) ? (
        <Spinner label="Loading your account" />
      ) : signedIn ? (
        <>
          <p className="muted">Taking you to your besties in a few seconds.</p>
          <Link to="/chat?bestie=cassie" className="btn btn--primary">
            Start Chatting Now
          </Link>
        </>
      ) : (
        <>
          <p>
            Create your account with the same email you paid with
            {paidWith ? (
              <>
                {' '}
                (<strong>{paidWith}</strong>)
              </>
            ) : null}
            , and your plan will be waiting for you. Already have one with that email? Log in.
          </p>
          <div className="button-row">
            <Link to="/auth?ref=success" className="btn btn--primary">
              Create Account
            </Link>
            <Link to="/auth?ref=success&mode=login" className="btn btn--secondary">
              Log In
            </Link>
          </div>
        </>
      )}
    </SimplePage>
  );
}

function PaymentNotTaken({ plan }: { plan: string | null }) {
  return (
    <SimplePage title="Payment Failed">
      <p>{paymentMessages.paymentFailedFallback}. You have not been charged.</p>
      <div className="button-row">
        <Link to={isPlanId(plan) ? `/checkout?plan=${plan}` : '/'} className="btn btn--primary">
          Try again
        </Link>
        <Link to="/" className="btn btn--secondary">
          Back to Home
        </Link>
      </div>
    </SimplePage>
  );
}
