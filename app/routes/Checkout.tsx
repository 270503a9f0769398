import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isPlanId, planById } from '@shared/plans';
import type { Plan } from '@shared/plans';
import { SimplePage } from '../components/SimplePage';
import { CheckoutDialog } from '../payments/CheckoutDialog';
import type { Settled } from '../payments/CheckoutDialog';
import { toast } from '../state/useToastStore';

/** Spec §9: a valid plan in the URL opens the payment dialog about 300 ms after load. */
export const CHECKOUT_AUTO_OPEN_MS = 300;

/** /checkout?plan={planId}: the chosen plan and its payment (only the four plan ids). */
export function Checkout() {
  const [params] = useSearchParams();
  const planId = params.get('plan');
  const plan = isPlanId(planId) ? planById(planId) : undefined;

  if (!plan) {
    return (
      <SimplePage title="No plan selected" documentTitle="Checkout">
        <p>Pick the bestie plan that fits you, then come back here to subscribe.</p>
        <Link to="/" className="btn btn--primary">
          View Available Plans
        </Link>
      </SimplePage>
    );
  }
  return <PlanCheckout key={plan.id} plan={plan} />;
}

function PlanCheckout({ plan }: { plan: Plan }) {
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setPaying(true), CHECKOUT_AUTO_OPEN_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // Success is said once the server has called the payment fulfilled; /checkout-success asks
  // it again (and again, while the payment is processing) from the payment's id.
  function paid({ email, paymentIntentId, fulfilled }: Settled) {
    if (fulfilled) {
      toast({ title: 'Subscription Success!', description: `You're now a ${plan.name}!` });
    }
    setPaying(false);
    void navigate(`/checkout-success?plan=${plan.id}&payment_intent=${paymentIntentId}`, {
      state: { email },
    });
  }

  return (
    <SimplePage title={plan.name} documentTitle="Checkout">
      <p>{plan.description}</p>
      <p className="price">{plan.price}</p>
      <ul className="feature-list">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <p className="muted">{plan.note}</p>
      <div className="button-row">
        <button type="button" className="btn btn--primary" onClick={() => setPaying(true)}>
          Subscribe Now
        </button>
        <Link to="/" className="btn btn--secondary">
          Back to Home
        </Link>
      </div>
      <p className="muted">One-time payment: plans never renew. Your besties are AI.</p>
      <CheckoutDialog plan={plan} open={paying} onOpenChange={setPaying} onPaid={paid} />
    </SimplePage>
  );
}
