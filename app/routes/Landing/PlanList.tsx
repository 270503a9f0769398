import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PLANS, type Plan, type PlanId } from '@shared/plans';
import { useUserStore } from '../../state/useUserStore';

// Radix Dialog loads after the page has painted, before anyone can tap a plan.
const loadPlanDialog = () => import('./PlanDialog');
const PlanDialog = lazy(async () => ({ default: (await loadPlanDialog()).PlanDialog }));

/** The landing page's words for each plan (spec §9): a badge and the notes under the price. */
const PLAN_NOTES: Record<PlanId, { badge?: string; notes: string[] }> = {
  'bestie-day': { notes: ['24 hours with Cassie'] },
  'bestie-month': { badge: 'Most popular', notes: ['Just 50 cents per day'] },
  'bestie-year': { notes: ['Save 44% vs monthly'] },
  'bestie-lifetime': {
    badge: 'Best value!',
    notes: ['Limited time only!', 'Most girls pick this one'],
  },
};

const PERIOD_LABEL: Record<Plan['period'], string> = {
  day: '/ day',
  month: '/ month',
  year: '/ year',
  lifetime: 'once',
};

/** The four plan buttons: a signed-in user goes to checkout, a visitor sees the plan dialog. */
export function PlanList() {
  const navigate = useNavigate();
  const signedIn = useUserStore((state) => state.user !== null);
  const [chosen, setChosen] = useState<Plan | null>(null);
  // Mounted from the first tap on, so closing plays out and focus returns to the plan.
  const [used, setUsed] = useState(false);
  useEffect(() => {
    void loadPlanDialog();
  }, []);

  function choose(plan: Plan) {
    if (signedIn) {
      navigate(`/checkout?plan=${plan.id}`);
      return;
    }
    setUsed(true);
    setChosen(plan);
  }

  return (
    <>
      <ul className="plan-list">
        {PLANS.map((plan) => {
          const { badge, notes } = PLAN_NOTES[plan.id];
          return (
            <li key={plan.id}>
              <button
                type="button"
                className={badge ? 'plan-button plan-button--featured' : 'plan-button'}
                data-plan={plan.id}
                onClick={() => choose(plan)}
              >
                {badge && <span className="plan-button__badge">{badge}</span>}
                <span className="plan-button__name">{plan.name}</span>
                <span className="plan-button__price">
                  {plan.price} <small>{PERIOD_LABEL[plan.period]}</small>
                </span>
                {notes.map((note) => (
                  <span key={note} className="plan-button__note">
                    {note}
                  </span>
                ))}
              </button>
            </li>
          );
        })}
      </ul>
      {used && (
        <Suspense fallback={null}>
          <PlanDialog plan={chosen} onClose={() => setChosen(null)} />
        </Suspense>
      )}
    </>
  );
}
