import { useRef, useState } from 'react';
import { paymentMessages } from '@shared/payments';
import { ApiError } from '../http/client';
import { toast } from '../state/useToastStore';

/** What a provider's confirm call came to: taken, or refused with its own words. */
export type ConfirmResult =
  { ok: true; paymentIntentId: string } | { ok: false; message: string | undefined };

export interface Paid {
  paymentIntentId: string;
  /** The billing email she paid with (a visitor's claim link is mailed there). */
  email: string;
}

/**
 * One payment attempt at a time, with the spec's failure handling (§4, §8): a refusal shows
 * 'Payment Failed' with the provider's words and keeps the form open with the error inline;
 * anything unexpected shows 'Payment Error'. What she typed stays in the form.
 */
export function usePaymentAttempt(onPaid: (paid: Paid) => Promise<void>) {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A double tap lands before the button re-renders as disabled: one charge attempt only.
  const busy = useRef(false);

  async function attempt(email: string, confirm: () => Promise<ConfirmResult>): Promise<void> {
    if (busy.current) return;
    busy.current = true;
    setProcessing(true);
    setError(null);
    try {
      const result = await confirm();
      if (result.ok) {
        await onPaid({ paymentIntentId: result.paymentIntentId, email });
        return;
      }
      toast({
        title: 'Payment Failed',
        description: result.message || paymentMessages.paymentFailedFallback,
        variant: 'destructive',
      });
      setError(result.message || paymentMessages.paymentErrorInline);
    } catch (thrown) {
      console.error('Payment error', thrown);
      const message = thrown instanceof ApiError ? thrown.body?.message : undefined;
      toast({
        title: 'Payment Error',
        description: message || paymentMessages.unexpected,
        variant: 'destructive',
      });
      setError(paymentMessages.paymentErrorInline);
    } finally {
      busy.current = false;
      setProcessing(false);
    }
  }

  return { processing, error, attempt };
}
