import { useEffect, useState } from 'react';
import { paymentMessages } from '@shared/payments';
import type { PaymentsConfig } from '@shared/payments';
import type { Plan, PlanId } from '@shared/plans';
import { ApiError } from '../http/client';
import { createPaymentIntent, getClientConfig } from '../http/payments';
import { toast } from '../state/useToastStore';
import { useUserStore } from '../state/useUserStore';
import { checkoutId, startFreshCheckout } from './checkoutId';

type ReadyPayments = Exclude<PaymentsConfig, { provider: 'off' }>;

export type CheckoutState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; clientSecret: string; payments: ReadyPayments };

/** The intent the dialog last opened with, for opening it again without making another. */
interface Prepared {
  planId: PlanId;
  /** Whose it is: a visitor's intent is not handed to the account she then signs in to. */
  userId: string | null;
  checkoutId: string;
  clientSecret: string;
  payments: ReadyPayments;
  at: number;
}

/**
 * An unpaid intent stays payable (a declined card leaves it so), but after a while the server
 * is asked again: it hands back the same one when it still can.
 */
const PREPARED_FOR_MS = 30 * 60 * 1000;

let prepared: Prepared | null = null;

function stillPrepared(planId: PlanId): Prepared | null {
  const userId = useUserStore.getState().user?.id ?? null;
  const usable =
    prepared !== null &&
    prepared.planId === planId &&
    prepared.userId === userId &&
    prepared.checkoutId === checkoutId() &&
    Date.now() - prepared.at < PREPARED_FOR_MS;
  return usable ? prepared : null;
}

/**
 * Her payment went through: its intent is spent, and the next checkout is a new one (a fresh
 * checkout id, so the server makes a new intent for it).
 */
export function checkoutPaid(): void {
  prepared = null;
  startFreshCheckout();
}

/** Tests: each starts with nothing prepared. */
export function forgetPreparedCheckout(): void {
  prepared = null;
}

/** The words for a failed start: the server's own when it gave a reason, else the spec's. */
function startFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const reason = error.status < 500 ? error.body?.message : undefined;
    return reason ?? paymentMessages.intentFailed;
  }
  return paymentMessages.somethingWrong;
}

async function prepare(planId: PlanId): Promise<CheckoutState> {
  const kept = stillPrepared(planId);
  if (kept) return { kind: 'ready', clientSecret: kept.clientSecret, payments: kept.payments };
  const userId = useUserStore.getState().user?.id ?? null;
  const id = checkoutId();
  const [config, intent] = await Promise.all([
    getClientConfig(),
    createPaymentIntent({ planId, checkoutId: id }),
  ]);
  if (config.payments.provider === 'off') {
    return { kind: 'error', message: paymentMessages.paymentsOff };
  }
  prepared = {
    planId,
    userId,
    checkoutId: id,
    clientSecret: intent.clientSecret,
    payments: config.payments,
    at: Date.now(),
  };
  return { kind: 'ready', clientSecret: intent.clientSecret, payments: config.payments };
}

/**
 * Opening the checkout gets a payment intent for the plan (spec §4): loading, then the form or
 * an error. One intent per checkout (docs/API.md, Plans and payments): the create carries this
 * device's checkout id, so the server hands back her pending intent; and opening the dialog
 * again for the same plan (same person) reuses the one it had, without asking at all.
 */
export function useCheckout(plan: Plan, open: boolean): CheckoutState {
  const [state, setState] = useState<CheckoutState>({ kind: 'loading' });
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const key = open ? plan.id : null;
  if (openedFor !== key) {
    setOpenedFor(key);
    setState({ kind: 'loading' });
  }

  useEffect(() => {
    if (!open) return;
    let current = true;
    prepare(plan.id).then(
      (ready) => {
        if (current) setState(ready);
      },
      (error: unknown) => {
        if (!current) return;
        console.error('Failed to create payment intent', error);
        setState({ kind: 'error', message: startFailureMessage(error) });
        toast({
          title: 'Error starting checkout',
          description: 'Please try again later',
          variant: 'destructive',
        });
      },
    );
    return () => {
      current = false;
    };
  }, [open, plan.id]);

  return state;
}
