import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { planById, type Plan } from '@shared/plans';

/**
 * success=true&plan={id} on the chat screen (spec §2): show the upgrade celebration once,
 * then strip those parameters so a reload or a shared link does not celebrate again.
 */
export function useUpgradeCelebration(): { plan: Plan | null; close: () => void } {
  const [params, setParams] = useSearchParams();
  const [plan, setPlan] = useState<Plan | null>(null);
  // Also when the screen is already open (a payment made from its upgrade dialog).
  const celebrated = params.get('success') === 'true' ? planById(params.get('plan')) : undefined;
  if (celebrated && celebrated !== plan) setPlan(celebrated);

  const hasSuccessParams = params.has('success') || params.has('plan');
  useEffect(() => {
    if (!hasSuccessParams) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('success');
        next.delete('plan');
        return next;
      },
      { replace: true },
    );
  }, [hasSuccessParams, setParams]);

  return { plan, close: () => setPlan(null) };
}
