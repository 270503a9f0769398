import { FREE_CHAT_IS } from '@shared/plans';
import { tierLabel } from '@shared/user';
import { useUserStore } from '../../state/useUserStore';

function PlanEnd({ endsAt }: { endsAt: string | null | undefined }) {
  const when = endsAt
    ? `until ${new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(endsAt))}`
    : 'for ever';
  return <span className="settings__plan-end"> · {when}</span>;
}

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
          <dd>
            <span>{tierLabel(user?.subscriptionTier)}</span>
            {user && user.subscriptionTier !== 'free' && (
              <PlanEnd endsAt={user?.subscriptionEndsAt} />
            )}
            {user?.subscriptionTier === 'free' && (
              <span className="settings__plan-note">{FREE_CHAT_IS}</span>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
