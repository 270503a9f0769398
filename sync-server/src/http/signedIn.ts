import type { SubscriptionTier } from '@shared/user';
import type { Deps } from '../deps';
import type { UserRow } from '../users/repo';
import { tierOf } from '../users/service';
import { unauthorized } from './errors';
import type { AppContext } from './types';

/** The signed-in user of the request, or 401. */
export function signedInUser(ctx: AppContext): UserRow {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  return user;
}

/** The signed-in user and the hash of the session this request came with, or 401. */
export function signedInSession(ctx: AppContext): { userId: string; idHash: string } {
  const user = ctx.state.user;
  const idHash = ctx.state.sessionIdHash;
  if (!user || !idHash) throw unauthorized();
  return { userId: user.id, idHash };
}

/**
 * The signed-in user of the request and her current tier, or 401. Her tier is worked out from
 * her purchases and grants (several queries), so routes that do not need it ask `signedInUser`.
 */
export async function signedIn(
  deps: Deps,
  ctx: AppContext,
): Promise<{ user: UserRow; tier: SubscriptionTier }> {
  const user = signedInUser(ctx);
  return { user, tier: await tierOf(deps, { userId: user.id }) };
}
