import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DEFAULT_PLAN_ID, PLANS, planById, type PlanId } from '@shared/plans';
import { SimplePage } from '../components/SimplePage';
import { UpgradeCelebration } from '../components/UpgradeCelebration';

/** Developer page: previews the post-payment success message for each plan (spec §2). */
export function TestSuccess() {
  const [planId, setPlanId] = useState<PlanId>(DEFAULT_PLAN_ID);
  const [shown, setShown] = useState(false);
  const plan = planById(planId);

  return (
    <SimplePage title="Test the success message">
      <p>Pick a plan, then preview what she sees after paying.</p>
      <div className="button-row" role="group" aria-label="Plan">
        {PLANS.map((option) => (
          <button
            key={option.id}
            type="button"
            className={option.id === planId ? 'btn btn--primary' : 'btn btn--secondary'}
            aria-pressed={option.id === planId}
            onClick={() => setPlanId(option.id)}
          >
            {option.name}
          </button>
        ))}
      </div>
      <div className="button-row">
        <button type="button" className="btn btn--primary" onClick={() => setShown(true)}>
          Show success message
        </button>
        <Link to="/chat/cassie?success=true&plan=bestie-month">Open chat with success=true</Link>
      </div>
      {shown && plan && <UpgradeCelebration plan={plan} onClose={() => setShown(false)} />}
    </SimplePage>
  );
}
