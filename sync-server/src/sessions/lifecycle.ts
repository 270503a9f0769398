import { createHmac, randomBytes } from 'node:crypto';
import { inTransaction } from '../db/database';
import type { Deps } from '../deps';
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

export interface NewSession {
  /** The secret that goes into the cookie, and nowhere else. */
  id: string;
  idHash: string;
  expiresAt: number;
}

/** Sessions one user keeps at once; signing in once more ends her oldest. */
export const MAX_SESSIONS_PER_USER = 20;

/** Sessions this process started, from a random point (so the count itself says nothing). */
let startedSessions = randomBytes(4).readUInt32BE(0);

/**
 * A new public id: 32 hex characters, the first 8 a count of the sessions this process started,
 * the other 24 random. Sessions begun in the same millisecond are then ordered by their public
 * ids as they were started (repo.deleteOldestSessions), on every engine.
 */
function nextPublicId(): string {
  startedSessions = (startedSessions + 1) >>> 0;
  return startedSessions.toString(16).padStart(8, '0') + randomBytes(12).toString('hex');
}

/**
 * A brand-new session for a user. Also tidies away her expired ones and, past
 * MAX_SESSIONS_PER_USER, her oldest, so logins in a loop cannot pile up rows.
 */
export async function startSession(
  deps: Deps,
  props: { userId: string; userAgent?: string | null },
): Promise<NewSession> {
  const id = randomBytes(SESSION_ID_BYTES).toString('base64url');
  const idHash = hashSessionId(deps.config.sessionSecret, id);
  const createdAt = deps.now();
  const expiresAt = createdAt + SESSION_LIFETIME_MS;
  await inTransaction(deps.db, async (db) => {
    await repo.deleteExpiredSessions(db, props.userId, createdAt);
    // Room for the new one first: it is never among the oldest, even when others began in
    // the same millisecond.
    await repo.deleteOldestSessions(db, props.userId, MAX_SESSIONS_PER_USER - 1);
    await repo.insertSession(db, {
      idHash,
      publicId: nextPublicId(),
      userId: props.userId,
      userAgent: keptUserAgent(props.userAgent),
      createdAt,
      lastSeenAt: createdAt,
      expiresAt,
    });
  });
  return { id, idHash, expiresAt };
}

/**
 * The live session behind a cookie value; an expired one is deleted and not returned. Read
 * from the database on every request (one indexed read), so a session ended by any process
 * is gone at once for every other.
 */
export async function findLiveSession(
  deps: Deps,
  props: { id: string },
): Promise<repo.SessionRow | undefined> {
  const idHash = hashSessionId(deps.config.sessionSecret, props.id);
  const session = await repo.findSession(deps.db, idHash);
  if (!session) return undefined;
  if (session.expiresAt <= deps.now()) {
    await repo.deleteSession(deps.db, idHash);
    return undefined;
  }
  return session;
}

/** True while the session behind this hash exists and has not expired (nothing is deleted). */
export async function isSessionLive(deps: Deps, idHash: string): Promise<boolean> {
  const session = await repo.findSession(deps.db, idHash);
  return session !== undefined && session.expiresAt > deps.now();
}

/** Notes that the session was used now; written at most once a minute per session. */
export async function noteSessionSeen(
  deps: Deps,
  props: { session: Pick<repo.SessionRow, 'idHash' | 'lastSeenAt'> },
): Promise<void> {
  const at = deps.now();
  if (at - props.session.lastSeenAt < LAST_SEEN_INTERVAL_MS) return;
  await repo.touchSession(deps.db, props.session.idHash, at, at - LAST_SEEN_INTERVAL_MS);
}

export async function endSession(deps: Deps, props: { idHash: string }): Promise<void> {
  await repo.deleteSession(deps.db, props.idHash);
}
