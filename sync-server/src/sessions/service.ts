import type { SessionView } from '@shared/account';
import * as repo from './repo';
import type { SessionRow } from './repo';
import { afterCommit, inTransaction } from '../db/database';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { changeFeed } from '../sync/notify';
import { deviceOf } from './device';

export const sessionNotFound = () => notFound('Session not found');

/** A public session id as we make them (32 hex characters); anything else is never looked up. */
const PUBLIC_ID_PATTERN = /^[0-9a-f]{32}$/;

export function presentSession(row: SessionRow, currentIdHash: string | undefined): SessionView {
  return {
    id: row.publicId,
    device: deviceOf(row.userAgent),
    createdAt: new Date(row.createdAt).toISOString(),
    lastSeenAt: new Date(row.lastSeenAt).toISOString(),
    current: currentIdHash !== undefined && row.idHash === currentIdHash,
  };
}

/** Her live sessions: the current one first, then the most recently seen. */
export async function listSessions(
  deps: Deps,
  props: { userId: string; currentIdHash?: string | undefined },
): Promise<SessionView[]> {
  const rows = await repo.findLiveSessionsOfUser(deps.db, props.userId, deps.now());
  return rows
    .map((row) => presentSession(row, props.currentIdHash))
    .sort(
      (a, b) =>
        Number(b.current) - Number(a.current) ||
        b.lastSeenAt.localeCompare(a.lastSeenAt) ||
        b.createdAt.localeCompare(a.createdAt),
    );
}

/**
 * Ends one session of hers by its public id; someone else's, an expired one or an unknown id
 * is a 404 and nothing ends. Says whether it was the current one.
 */
export async function endSessionOfUser(
  deps: Deps,
  props: { userId: string; publicId: string; currentIdHash?: string | undefined },
): Promise<{ wasCurrent: boolean }> {
  if (!PUBLIC_ID_PATTERN.test(props.publicId)) throw sessionNotFound();
  return inTransaction(deps.db, async (db) => {
    const row = await repo.findSessionOfUser(db, props.userId, props.publicId);
    if (!row || row.expiresAt <= deps.now()) throw sessionNotFound();
    await repo.deleteSession(db, row.idHash);
    // Its live sync stream, if one is open, closes (sync/events.ts).
    afterCommit(db, () => changeFeed(deps.db).changed(props.userId, 'account'));
    return { wasCurrent: row.idHash === props.currentIdHash };
  });
}

/** Ends every session of hers but the current one; answers how many live ones ended. */
export async function endOtherSessions(
  deps: Deps,
  props: { userId: string; currentIdHash: string },
): Promise<number> {
  return inTransaction(deps.db, async (db) => {
    await repo.deleteExpiredSessions(db, props.userId, deps.now());
    const ended = await repo.deleteOtherSessions(db, props.userId, props.currentIdHash);
    afterCommit(db, () => changeFeed(deps.db).changed(props.userId, 'account'));
    return ended;
  });
}
