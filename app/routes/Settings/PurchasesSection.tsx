import { useEffect, useState } from 'react';
import type { PurchaseView } from '@shared/payments';
import { Spinner } from '../../components/ui/Spinner';
import { getPurchases } from '../../http/payments';
import { useUserStore } from '../../state/useUserStore';

type PurchasesState =
  { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; purchases: PurchaseView[] };

const day = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);

function periodOf(purchase: PurchaseView): string {
  if (purchase.status === 'refunded') return 'Refunded';
  if (purchase.status === 'disputed') return 'Disputed';
  if (!purchase.endsAt) return 'Never ends';
  const ended = Date.parse(purchase.endsAt) <= Date.now();
  return `${ended ? 'Ended' : 'Ends'} ${day(purchase.endsAt)}`;
}

/** Her purchases: plan, price, date and end; plans never renew. */
export function PurchasesSection() {
  const [state, setState] = useState<PurchasesState>({ kind: 'loading' });
  // Asked again when her plan changes (a payment, or a plan that ended).
  const tier = useUserStore((store) => store.user?.subscriptionTier);

  useEffect(() => {
    let current = true;
    getPurchases().then(
      ({ purchases }) => current && setState({ kind: 'loaded', purchases }),
      () => current && setState({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [tier]);

  return (
    <section className="card settings__section" aria-labelledby="purchases-title">
      <h2 id="purchases-title">Purchases</h2>
      {state.kind === 'loading' && <Spinner label="Loading purchases" />}
      {state.kind === 'failed' && (
        <p className="muted">Your purchases could not be loaded. Check your connection.</p>
      )}
      {state.kind === 'loaded' && state.purchases.length === 0 && (
        <p className="muted">No purchases yet.</p>
      )}
      {state.kind === 'loaded' && state.purchases.length > 0 && (
        <ul className="purchases">
          {state.purchases.map((purchase) => (
            <li key={purchase.id} className="purchases__item">
              <span className="purchases__plan">{purchase.planName}</span>
              <span className="purchases__price">
                {money(purchase.amountCents, purchase.currency)}
              </span>
              <span className="purchases__dates muted">
                Bought {day(purchase.purchasedAt)} · {periodOf(purchase)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="muted purchases__note">
        Plans are one-time payments and never renew: you are never charged again.
      </p>
    </section>
  );
}
