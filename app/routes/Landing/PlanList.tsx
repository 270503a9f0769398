import { Link } from 'react-router-dom';
import { PLANS } from '../../../shared/plans';

/** The four plan buttons. The guest "Ready to meet your bestie?" modal arrives with payments. */
export function PlanList() {
  return (
    <ul className="plan-list">
      {PLANS.map((plan) => (
        <li key={plan.id}>
          <Link
            to={`/checkout?plan=${plan.id}`}
            className={plan.popular ? 'plan-button plan-button--popular' : 'plan-button'}
          >
            <span className="plan-button__name">{plan.name}</span>
            <span className="plan-button__price">{plan.price}</span>
            <span className="plan-button__note">{plan.popular ? 'Most popular' : plan.note}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
