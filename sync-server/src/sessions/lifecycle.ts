import { createHmac, randomBytes } from 'node:crypto';
import { unchangedMemo } from '../db/unchanged';
import type { Deps } from '../deps';
import { remembered } from '../remembered';
import * as repo from './repo';

/** Absolute lifetime: a session ends 30 days after sign-in, however much it is used. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_ID_BYTES = 32;
/** A session's last use is written at most this often (not on every request). */
export const LAST_SEEN_INTERVAL_MS = 60 * 1000;
/** The longest user agent kept with a session. */
export const USER_AGENT_MAX_LENGTH = 300;

/** The user agent as kept: trimmed, at most 300 characters, null when empty. */
export function keptUserAgent(userAgent: string | undefined | null): string | null {
  const trimmed = (userAgent ?? '').trim().slice(0, USER_AGENT_MAX_LENGTH).trim();
  return trimmed === '' ? null : trimmed;
}

/** Only this HMAC of a session id is stored, so a copy of the database signs nobody in. */
export function hashSessionId(secret: string, id: string): string {
  return createHmac('sha256', secret).update(id).digest('base64url');
}

/** Session ids whose hash is kept in memory, at most (past it they all go). */
export const KNOWN_SESSION_IDS = 10_000;
const idHashesBySecret = new Map<string, (id: string) => string>();

/**
 * hashSessionId, kept for the ids lately seen: a device sends its id with every request, and
 * the HMAC was the largest cost of reading a session that is kept in memory. The ids stay in
 * this process's memory only (as each request's cookie does while it is handled); the database
 * still holds only the HMAC.
 */
function knownIdHash(secret: string, id: string): string {
  let idHashOf = idHashesBySecret.get(secret);
  if (!idHashOf) {
    idHashOf = remembered(KNOWN_SESSION_IDS, (each) => hashSessionId(secret, each));
    idHashesBySecret.set(secret, idHashOf);
  }
  return idHashOf(id);
}

export interface NewSession {
  /** The secret that goes into the cookie, and nowhere else. */
  id: string;
  idHash: string;
  expiresAt: number;
}

/** Sessions one user keeps at once; signing in once more ends her oldest. */
export const MAX_SESSIONS_PER_USER = 20;

/**
 * A brand-new session for a user. Also tidies away her expired ones and, past
 * MAX_SESSIONS_PER_USER, her oldest, so logins in a loop cannot pile up rows.
 */
export function startSession(
  deps: Deps,
  props: { userId: string; userAgent?: string | null },
): NewSession {
  const id = randomBytes(SESSION_ID_BYTES).toString('base64url');
  const idHash = hashSessionId(deps.config.sessionSecret, id);
  const createdAt = deps.now();
  const expiresAt = createdAt + SESSION_LIFETIME_MS;
  deps.legacyDb.transaction(() => {
    repo.deleteExpiredSessions(deps.legacyDb, props.userId, createdAt);
    repo.insertSession(deps.legacyDb, {
      idHash,
      publicId: randomBytes(16).toString('hex'),
      userId: props.userId,
      userAgent: keptUserAgent(props.userAgent),
      createdAt,
      lastSeenAt: createdAt,
      expiresAt,
    });
    repo.deleteOldestSessions(deps.legacyDb, props.userId, MAX_SESSIONS_PER_USER);
  })();
  return { id, idHash, expiresAt };
}

/** The live session behind a cookie value; an expired one is deleted and not returned. */
export function findLiveSession(deps: Deps, props: { id: string }) {
  const idHash = knownIdHash(deps.config.sessionSecret, props.id);
  const session = unchangedMemo(deps.legacyDb)(`session ${idHash}`, () =>
    repo.findSession(deps.legacyDb, idHash),
  );
  if (!session) return undefined;
  if (session.expiresAt <= deps.now()) {
    repo.deleteSession(deps.legacyDb, idHash);
    return undefined;
  }
  return session;
}

/** True while the session behind this hash exists and has not expired (nothing is deleted). */
export function isSessionLive(deps: Deps, idHash: string): boolean {
  const session = unchangedMemo(deps.legacyDb)(`session ${idHash}`, () =>
    repo.findSession(deps.legacyDb, idHash),
  );
  return session !== undefined && session.expiresAt > deps.now();
}

/** Notes that the session was used now; written at most once a minute per session. */
export function noteSessionSeen(
  deps: Deps,
  props: { session: Pick<repo.SessionRow, 'idHash' | 'lastSeenAt'> },
): void {
  const at = deps.now();
  if (at - props.session.lastSeenAt < LAST_SEEN_INTERVAL_MS) return;
  repo.touchSession(deps.legacyDb, props.session.idHash, at, at - LAST_SEEN_INTERVAL_MS);
}

export function endSession(deps: Deps, props: { idHash: string }): void {
  repo.deleteSession(deps.legacyDb, props.idHash);
}
