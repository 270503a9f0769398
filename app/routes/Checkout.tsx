import { Link, useSearchParams } from 'react-router-dom';
import { isPlanId, planById } from '@shared/plans';
import { SimplePage } from '../components/SimplePage';

/** /checkout?plan={planId}: the chosen plan. The payment dialog arrives with payments. */
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
        <button
          type="button"
          className="btn btn--primary"
          disabled
          aria-describedby="checkout-soon"
        >
          Subscribe Now
        </button>
        <Link to="/" className="btn btn--secondary">
          Back to Home
        </Link>
      </div>
      <p id="checkout-soon" className="muted">
        Secure payments open very soon.
      </p>
    </SimplePage>
  );
}
