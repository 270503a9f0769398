import { useEffect, useEffectEvent, useState } from 'react';
import type { SessionView } from '@shared/account';
import { endOtherSessions, endSession, getSessions } from '../../http/account';
import { ApiError, failureOf, userMessageOf } from '../../http/client';
import { toast } from '../../state/useToastStore';

export type SessionsOutcome =
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

/**
 * Her signed-in sessions, read when Settings opens (again on 'Try again' or back online), and
 * signing her other devices out: one at a time or all at once. `busy` is the session being
 * signed out, or 'others'.
 */
export function useSessions() {
  const [attempt, setAttempt] = useState(0);
  // The outcome of one attempt; a newer attempt shows as loading until it settles.
  const [result, setResult] = useState<{ attempt: number; outcome: SessionsOutcome } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const outcome: SessionsOutcome =
    result?.attempt === attempt ? result.outcome : { kind: 'loading' };

  useEffect(() => {
    let current = true;
    const settle = (value: SessionsOutcome) => current && setResult({ attempt, outcome: value });
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
  return { outcome, busy, retry, signOut, signOutOthers };
}
