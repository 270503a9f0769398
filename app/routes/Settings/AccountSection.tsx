import { tierLabel } from '@shared/user';
import { useUserStore } from '../../state/useUserStore';

export function AccountSection() {
  const user = useUserStore((state) => state.user);
  return (
    <section className="card settings__section" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <dl className="settings__facts">
        <div>
          <dt>Email</dt>
          <dd>{user?.email}</dd>
        </div>
        <div>
          <dt>Subscription</dt>
          <dd>{tierLabel(user?.subscriptionTier)}</dd>
        </div>
      </dl>
    </section>
  );
}
