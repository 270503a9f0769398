import type { SessionView } from '@shared/account';
import { Spinner } from '../../components/ui/Spinner';
import { lastActiveLabel, longDate } from './lastActive';
import { useSessions } from './useSessions';
import './account.css';

/** 'Your devices': where she is signed in, and signing the others out. */
export function SessionsSection() {
  const { outcome, busy, retry, signOut, signOutOthers } = useSessions();
  const others = outcome.kind === 'loaded' ? outcome.sessions.filter((s) => !s.current) : [];

  return (
    <section className="card settings__section" aria-labelledby="devices-title">
      <h2 id="devices-title">Your devices</h2>
      {outcome.kind === 'loading' && <Spinner label="Loading your devices" />}
      {outcome.kind === 'offline' && (
        <Problem text="Connect to the internet to see your devices." onRetry={retry} />
      )}
      {outcome.kind === 'failed' && (
        <Problem text="Your devices could not be loaded." onRetry={retry} />
      )}
      {outcome.kind === 'loaded' && (
        <>
          <p className="muted">Where you're signed in. Sign out any device you don't recognise.</p>
          <ul className="sessions" aria-label="Signed-in devices">
            {outcome.sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                readAt={outcome.at}
                busy={busy}
                onSignOut={() => void signOut(session)}
              />
            ))}
          </ul>
          {others.length > 0 && (
            <button
              type="button"
              className="btn btn--secondary btn--block sessions__others"
              disabled={busy !== null}
              onClick={() => void signOutOthers()}
            >
              {busy === 'others' ? 'Signing out...' : 'Sign out everywhere else'}
            </button>
          )}
          <p className="muted sessions__note">To sign out on this device, use Log out below.</p>
        </>
      )}
    </section>
  );
}

interface SessionRowProps {
  session: SessionView;
  /** When the list was read: 'Last active' counts from then. */
  readAt: number;
  busy: string | null;
  onSignOut: () => void;
}

function SessionRow({ session, readAt, busy, onSignOut }: SessionRowProps) {
  return (
    <li className="sessions__item">
      <span className="sessions__device">
        {session.device}
        {session.current && <span className="sessions__this">This device</span>}
      </span>
      <span className="sessions__seen muted">
        {session.current ? (
          'Active now'
        ) : (
          <>
            Last active{' '}
            <time dateTime={session.lastSeenAt} title={longDate(session.lastSeenAt)}>
              {lastActiveLabel(session.lastSeenAt, readAt)}
            </time>
          </>
        )}
      </span>
      {/* Signing out here is Log out's job. */}
      {!session.current && (
        <button
          type="button"
          className="btn btn--secondary sessions__sign-out"
          aria-label={`Sign out ${session.device}`}
          disabled={busy !== null}
          onClick={onSignOut}
        >
          {busy === session.id ? 'Signing out...' : 'Sign out'}
        </button>
      )}
    </li>
  );
}

function Problem({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="account-problem">
      <p className="muted">{text}</p>
      <button type="button" className="btn btn--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
