import './checkout.css';
import { lazy, Suspense, useEffect } from 'react';
import { paymentMessages } from '@shared/payments';
import type { Plan } from '@shared/plans';
import { Dialog, DialogClose, DialogContent } from '../components/ui/Dialog';
import { Spinner } from '../components/ui/Spinner';
import { verifyPayment } from '../http/payments';
import { refreshUser, useUserStore } from '../state/useUserStore';
import { syncNow } from '../sync/runtime';
import { checkoutPaid, useCheckout } from './useCheckout';
import type { Paid } from './usePaymentAttempt';

// Stripe's form (and Stripe.js behind it) loads only when a paying screen needs it.
const StripePaymentForm = lazy(() => import('./StripePaymentForm'));
// The test provider's card form (and zod, which checks its email) too: the chat screen that
// offers the upgrade does not load it before she pays. It starts loading as the dialog opens.
const loadTestCardForm = () => import('./TestCardForm');
const TestCardForm = lazy(() =>
  loadTestCardForm().then((module) => ({ default: module.TestCardForm })),
);

interface CheckoutDialogProps {
  plan: Plan;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the payment is taken, verified (or not: only logged) and her data refreshed. */
  onPaid: (paid: Settled) => void;
}

/** A payment the provider took, and whether the server has called it fulfilled yet. */
export interface Settled extends Paid {
  fulfilled: boolean;
}

/**
 * Tells the server about the payment, then brings her plan (and, through sync, her earlier
 * replies in full) to this device. The provider's webhook fulfils it too, so a failed
 * verification is only logged (spec §4, §8).
 */
async function settlePayment(plan: Plan, paid: Paid): Promise<boolean> {
  let fulfilled = false;
  try {
    const answer = await verifyPayment({ paymentIntentId: paid.paymentIntentId, planId: plan.id });
    fulfilled = answer.status === 'fulfilled';
  } catch (error) {
    console.error(paymentMessages.verifyFailed, error);
  }
  await refreshUser();
  void syncNow();
  return fulfilled;
}

function Preparing() {
  return (
    <div className="checkout-state">
      <Spinner label="Preparing your checkout..." />
      <p>Preparing your checkout...</p>
    </div>
  );
}

/** 'Subscribe to {product}' (spec §2, §4): loading, error with Close, or the payment form. */
export function CheckoutDialog({ plan, open, onOpenChange, onPaid }: CheckoutDialogProps) {
  const checkout = useCheckout(plan, open);
  useEffect(() => {
    if (open) void loadTestCardForm();
  }, [open]);
  const defaultEmail = useUserStore((state) => state.user?.email ?? '');

  async function paid(payment: Paid) {
    // The provider took it: that intent is spent, and the next checkout starts afresh.
    checkoutPaid();
    const fulfilled = await settlePayment(plan, payment);
    onPaid({ ...payment, fulfilled });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Subscribe to ${plan.name}`}
        description="Enter your payment details to become a Bestie"
        className="checkout-dialog"
        // A half-typed card must not vanish on a stray tap outside the dialog.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <p className="checkout-dialog__price">{plan.price}</p>
        {checkout.kind === 'loading' && <Preparing />}
        {checkout.kind === 'error' && (
          <div className="checkout-state">
            <p className="payment-form__error" role="alert">
              {checkout.message}
            </p>
            <DialogClose className="btn btn--secondary">Close</DialogClose>
          </div>
        )}
        {checkout.kind === 'ready' && checkout.payments.provider === 'test' && (
          <Suspense fallback={<Preparing />}>
            <TestCardForm
              plan={plan}
              clientSecret={checkout.clientSecret}
              defaultEmail={defaultEmail}
              onPaid={paid}
            />
          </Suspense>
        )}
        {checkout.kind === 'ready' && checkout.payments.provider === 'stripe' && (
          <Suspense fallback={<Preparing />}>
            <StripePaymentForm
              plan={plan}
              publishableKey={checkout.payments.publishableKey}
              clientSecret={checkout.clientSecret}
              defaultEmail={defaultEmail}
              onPaid={paid}
            />
          </Suspense>
        )}
        <p className="checkout-dialog__fine-print muted">
          One-time payment: plans never renew, so you are never charged again.
        </p>
      </DialogContent>
    </Dialog>
  );
}
