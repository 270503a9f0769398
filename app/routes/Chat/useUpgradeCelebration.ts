import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Plan } from '@shared/plans';

/**
 * success=true&plan={id} on the chat screen (spec §2): show the upgrade celebration once,
 * then strip those parameters so a reload or a shared link does not celebrate again. The plan
 * catalogue is fetched only then: no part of the chat's first load.
 */
export function useUpgradeCelebration(): { plan: Plan | null; close: () => void } {
  const [params, setParams] = useSearchParams();
  const [plan, setPlan] = useState<Plan | null>(null);
  // Also when the screen is already open (a payment made from its upgrade dialog).
  const celebrated = params.get('success') === 'true' ? params.get('plan') : null;
  useEffect(() => {
    if (!celebrated) return;
    // Not cancelled when the parameters go (just below): the celebration is still due.
    void import('./celebratedPlan').then(({ celebratedPlan }) => {
      const found = celebratedPlan(celebrated);
      if (found) setPlan(found);
    });
  }, [celebrated]);

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
