import { useEffect, useEffectEvent, useState } from 'react';
import type { SessionView } from '@shared/account';
import { Spinner } from '../../components/ui/Spinner';
import { endOtherSessions, endSession, getSessions } from '../../http/account';
import { ApiError, failureOf, userMessageOf } from '../../http/client';
import { toast } from '../../state/useToastStore';
import { lastActiveLabel, longDate } from './lastActive';
import './account.css';

type Outcome =
  | { kind: 'loading' }
  | { kind: 'offline' }
  | { kind: 'failed' }
  /** `at`: when the list was read, for 'Last active 5 minutes ago'. */
  | { kind: 'loaded'; sessions: SessionView[]; at: number };

const OFFLINE = "You're offline. Connect to the internet and try again.";

/** This device first, then the others, most recently used first. */
const byUse = (a: SessionView, b: SessionView) =>
  Number(b.current) - Number(a.current) || Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt);

function failed(title: string, error: unknown) {
  const description =
    failureOf(error).kind === 'offline' ? OFFLINE : userMessageOf(error, 'Please try again.');
  toast({ title, description, variant: 'destructive' });
}

/** 'Your devices' (issue 12): where she is signed in, and signing the others out. */
export function SessionsSection() {
  const [attempt, setAttempt] = useState(0);
  // The outcome of one attempt; a newer attempt shows as loading until it settles.
  const [result, setResult] = useState<{ attempt: number; outcome: Outcome } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const outcome: Outcome = result?.attempt === attempt ? result.outcome : { kind: 'loading' };

  useEffect(() => {
    let current = true;
    const settle = (value: Outcome) => current && setResult({ attempt, outcome: value });
    getSessions().then(
      ({ sessions }) =>
        settle({ kind: 'loaded', sessions: [...sessions].sort(byUse), at: Date.now() }),
      (error: unknown) =>
        settle({ kind: failureOf(error).kind === 'offline' ? 'offline' : 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  // Back online: ask again, unless the list is already here.
  const onOnline = useEffectEvent(() => {
    if (outcome.kind !== 'loaded') setAttempt((n) => n + 1);
  });
  useEffect(() => {
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  function keep(filter: (session: SessionView) => boolean) {
    setResult((previous) =>
      previous?.outcome.kind === 'loaded'
        ? {
            ...previous,
            outcome: { ...previous.outcome, sessions: previous.outcome.sessions.filter(filter) },
          }
        : previous,
    );
  }

  async function signOut(session: SessionView) {
    setBusy(session.id);
    try {
      await endSession(session.id);
    } catch (error) {
      // Already gone (ended from another device): the list was just out of date.
      if (!(error instanceof ApiError && error.status === 404)) {
        setBusy(null);
        failed('Could not sign out', error);
        return;
      }
    }
    setBusy(null);
    keep((other) => other.id !== session.id);
    toast({ title: 'Signed out', description: `${session.device} was signed out.` });
  }

  async function signOutOthers() {
    setBusy('others');
    try {
      const { ended } = await endOtherSessions();
      keep((session) => session.current);
      toast({
        title: 'Signed out everywhere else',
        description:
          ended === 1
            ? '1 other device was signed out.'
            : `${ended} other devices were signed out.`,
      });
    } catch (error) {
      failed('Could not sign out', error);
    } finally {
      setBusy(null);
    }
  }

  const retry = () => setAttempt((n) => n + 1);
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
              <li key={session.id} className="sessions__item">
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
                        {lastActiveLabel(session.lastSeenAt, outcome.at)}
                      </time>
                    </>
                  )}
                </span>
                {!session.current && (
                  <button
                    type="button"
                    className="btn btn--secondary sessions__sign-out"
                    aria-label={`Sign out ${session.device}`}
                    disabled={busy !== null}
                    onClick={() => void signOut(session)}
                  >
                    {busy === session.id ? 'Signing out...' : 'Sign out'}
                  </button>
                )}
              </li>
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
