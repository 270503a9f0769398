import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isPlanId } from '@shared/plans';
import type { PlanId } from '@shared/plans';
import { PAYMENT_INTENT_ID, paymentMessages } from '@shared/payments';
import { SimplePage } from '../components/SimplePage';
import { Spinner } from '../components/ui/Spinner';
import { ApiError } from '../http/client';
import { verifyPayment } from '../http/payments';
import { startFreshCheckout } from '../payments/checkoutId';
import { toast, useToastStore, type ToastInput } from '../state/useToastStore';
import { refreshUser, useUserStore } from '../state/useUserStore';

export const REDIRECT_AFTER_MS = 5000;
/** While the payment is processing, it is checked again after 2, 4, 8, 16 and 30 s (a minute). */
export const CHECK_AGAIN_AFTER_MS = [2000, 4000, 8000, 16000, 30000] as const;

/** What the server says of the payment (POST /api/verify-payment), as this screen shows it. */
type Verification =
  | { kind: 'checking' }
  | { kind: 'processing' }
  /** Still processing (or no answer) after a minute of asking: she may ask again. */
  | { kind: 'waited' }
  | { kind: 'fulfilled' }
  /** 402: the provider did not take it. */
  | { kind: 'declined' }
  /** Any other refusal: no such payment, not this plan, refunded. */
  | { kind: 'refused'; reason: string | undefined };

/** A refusal that is the payment's answer, not a passing trouble (offline, 5xx, too many). */
function refusal(error: unknown): Verification | null {
  if (!(error instanceof ApiError) || error.status >= 500 || error.status === 429) return null;
  if (error.status === 402) return { kind: 'declined' };
  return error.status >= 400 ? { kind: 'refused', reason: error.body?.message } : null;
}

/**
 * Asks the server whether the payment went through; only 'fulfilled' is success. While it is
 * processing (or the server cannot be reached) it asks again, backing off, for about a minute.
 * A fulfilled payment refreshes her data and starts a fresh checkout before it is shown.
 */
function useVerification(paymentIntentId: string, planId: PlanId) {
  const [state, setState] = useState<Verification>({ kind: 'checking' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    let timer: number | undefined;
    let waits = 0;
    function later() {
      const wait = CHECK_AGAIN_AFTER_MS[waits++];
      if (wait === undefined) {
        setState({ kind: 'waited' });
        return;
      }
      setState({ kind: 'processing' });
      timer = window.setTimeout(check, wait);
    }
    function check() {
      verifyPayment({ paymentIntentId, planId }).then(
        async (answer) => {
          if (!current) return;
          if (answer.status !== 'fulfilled') return later();
          startFreshCheckout();
          await refreshUser();
          if (current) setState({ kind: 'fulfilled' });
        },
        (error: unknown) => {
          if (!current) return;
          const answer = refusal(error);
          if (answer) return setState(answer);
          console.error(paymentMessages.verifyFailed, error);
          later();
        },
      );
    }
    check();
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [paymentIntentId, planId, round]);

  function checkAgain() {
    setState({ kind: 'checking' });
    setRound((count) => count + 1);
  }
  return { state, checkAgain };
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

/**
 * /checkout-success: the payment confirmation and the payment provider's return address. The
 * checkout (and Stripe's redirect, which adds redirect_status) comes with payment_intent and
 * plan; it says 'Payment Successful!' only once the server has said the payment is fulfilled.
 */
export function CheckoutSuccess() {
  const [params] = useSearchParams();
  const planId = params.get('plan');
  const paymentIntentId = params.get('payment_intent') ?? '';
  if (params.get('redirect_status') === 'failed')
    return <PaymentNotTaken planId={planId} declined />;
  if (!isPlanId(planId) || !PAYMENT_INTENT_ID.test(paymentIntentId)) return <NothingToConfirm />;
  return <ConfirmPayment key={paymentIntentId} paymentIntentId={paymentIntentId} planId={planId} />;
}

function ConfirmPayment({ paymentIntentId, planId }: { paymentIntentId: string; planId: PlanId }) {
  const { state, checkAgain } = useVerification(paymentIntentId, planId);
  switch (state.kind) {
    case 'checking':
      return (
        <SimplePage title="Confirming your payment…">
          <Spinner label="Confirming your payment" />
        </SimplePage>
      );
    case 'processing':
    case 'waited':
      return <PaymentProcessing waited={state.kind === 'waited'} onCheckAgain={checkAgain} />;
    case 'fulfilled':
      return <PaymentTaken />;
    case 'declined':
      return <PaymentNotTaken planId={planId} declined />;
    case 'refused':
      return <PaymentNotTaken planId={planId} declined={false} reason={state.reason} />;
  }
}

function PaymentProcessing({
  waited,
  onCheckAgain,
}: {
  waited: boolean;
  onCheckAgain: () => void;
}) {
  return (
    <SimplePage title="Payment processing…">
      <div role="status">
        {waited ? (
          <p>
            We haven't heard back about your payment yet. If it goes through, your plan will be
            waiting for you.
          </p>
        ) : (
          <p>We're confirming your payment. This can take a moment.</p>
        )}
      </div>
      {waited ? (
        <div className="button-row">
          <button type="button" className="btn btn--primary" onClick={onCheckAgain}>
            Check again
          </button>
          <Link to="/" className="btn btn--secondary">
            Back to Home
          </Link>
        </div>
      ) : (
        <Spinner label="Checking again in a moment" />
      )}
    </SimplePage>
  );
}

function PaymentTaken() {
  const navigate = useNavigate();
  const paidWith = (useLocation().state as { email?: string } | null)?.email;
  const { status, user } = useUserStore();
  const signedIn = user !== null;
  // Said once, though StrictMode runs the effect twice: its wait outlives the screen.
  const announced = useRef(false);

  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    toastAfterTheOneShown({
      title: 'Payment successful!',
      description: 'Your subscription is now active',
    });
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setTimeout(() => navigate('/chat?bestie=cassie'), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, navigate]);

  return (
    <SimplePage title="Payment Successful!">
      <p>Your subscription has been activated...</p>
      {status === 'loading' ? (
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
            We've emailed a link to
            {paidWith ? (
              <>
                {' '}
                <strong>{paidWith}</strong>
              </>
            ) : (
              ' the email you paid with'
            )}
            . Open it to add your plan to your account: sign up or log in from there, so we know the
            plan is yours.
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

/**
 * Not paid: the spec's payment failure words (§8) and a way back to the plan's checkout. A
 * refusal other than a decline (no such payment, refunded) gives the server's reason.
 */
function PaymentNotTaken({
  planId,
  declined,
  reason,
}: {
  planId: string | null;
  declined: boolean;
  reason?: string;
}) {
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current || !declined) return;
    shown.current = true;
    toast({
      title: 'Payment Failed',
      description: paymentMessages.paymentFailedFallback,
      variant: 'destructive',
    });
  }, [declined]);

  return (
    <SimplePage title="Payment Failed">
      {declined ? (
        <p>{paymentMessages.paymentFailedFallback}. You have not been charged.</p>
      ) : (
        <>
          <p>{paymentMessages.paymentErrorInline}.</p>
          {reason && <p className="muted">{reason}</p>}
        </>
      )}
      <div className="button-row">
        <Link to={isPlanId(planId) ? `/checkout?plan=${planId}` : '/'} className="btn btn--primary">
          Try again
        </Link>
        <Link to="/" className="btn btn--secondary">
          Back to Home
        </Link>
      </div>
    </SimplePage>
  );
}

/** Come here without a payment to confirm (a bookmark, a shared link): nothing is claimed. */
function NothingToConfirm() {
  return (
    <SimplePage title="No payment to confirm">
      <p>This page confirms a payment after checkout, and there is none to confirm here.</p>
      <div className="button-row">
        <Link to="/" className="btn btn--primary">
          View Available Plans
        </Link>
      </div>
    </SimplePage>
  );
}
