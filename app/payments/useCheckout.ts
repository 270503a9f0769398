import { useEffect, useState } from 'react';
import { paymentMessages } from '@shared/payments';
import type { PaymentsConfig } from '@shared/payments';
import type { Plan } from '@shared/plans';
import { ApiError } from '../http/client';
import { createPaymentIntent, getClientConfig } from '../http/payments';
import { toast } from '../state/useToastStore';

export type CheckoutState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | {
      kind: 'ready';
      clientSecret: string;
      payments: Exclude<PaymentsConfig, { provider: 'off' }>;
    };

/** The words for a failed start: the server's own when it gave a reason, else the spec's. */
function startFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const reason = error.status < 500 ? error.body?.message : undefined;
    return reason ?? paymentMessages.intentFailed;
  }
  return paymentMessages.somethingWrong;
}

/**
 * Opening the checkout creates a payment intent for the plan (spec §4): loading, then the
 * form or an error. Each opening makes a fresh intent; closing drops it.
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
    Promise.all([getClientConfig(), createPaymentIntent({ planId: plan.id })]).then(
      ([config, intent]) => {
        if (!current) return;
        if (config.payments.provider === 'off') {
          setState({ kind: 'error', message: paymentMessages.paymentsOff });
        } else {
          setState({ kind: 'ready', clientSecret: intent.clientSecret, payments: config.payments });
        }
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
