import { createHmac, randomBytes } from 'node:crypto';
import type { Deps } from '../deps';
import * as repo from './repo';

/** Absolute lifetime: a session ends 30 days after sign-in, however much it is used. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_ID_BYTES = 32;

/** Only this HMAC of a session id is stored, so a copy of the database signs nobody in. */
export function hashSessionId(secret: string, id: string): string {
  return createHmac('sha256', secret).update(id).digest('base64url');
}

export interface NewSession {
  /** The secret that goes into the cookie, and nowhere else. */
  id: string;
  idHash: string;
  expiresAt: number;
}

/** A brand-new session for a user (also tidies away the user's expired ones). */
export function startSession(deps: Deps, props: { userId: string }): NewSession {
  const id = randomBytes(SESSION_ID_BYTES).toString('base64url');
  const idHash = hashSessionId(deps.config.sessionSecret, id);
  const createdAt = deps.now();
  const expiresAt = createdAt + SESSION_LIFETIME_MS;
  deps.db.transaction(() => {
    repo.deleteExpiredSessions(deps.db, props.userId, createdAt);
    repo.insertSession(deps.db, { idHash, userId: props.userId, createdAt, expiresAt });
  })();
  return { id, idHash, expiresAt };
}

/** The live session behind a cookie value; an expired one is deleted and not returned. */
export function findLiveSession(deps: Deps, props: { id: string }) {
  const idHash = hashSessionId(deps.config.sessionSecret, props.id);
  const session = repo.findSession(deps.db, idHash);
  if (!session) return undefined;
  if (session.expiresAt <= deps.now()) {
    repo.deleteSession(deps.db, idHash);
    return undefined;
  }
  return session;
}

export function endSession(deps: Deps, props: { idHash: string }): void {
  repo.deleteSession(deps.db, props.idHash);
}
