import type { SubscriptionTier } from '@shared/user';
import type { Deps } from '../deps';
import { tooManyRequests } from '../http/errors';
import type { Limit } from '../http/rateLimit';
import { readsAsCrisisInChat } from '../safety/service';

const HOUR_MS = 60 * 60 * 1000;

/** The words she sees when she has asked for more replies this hour than her plan allows. */
export function replyLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const when = minutes === 1 ? 'about a minute' : `about ${minutes} minutes`;
  return `You've sent a lot of messages this hour, so your bestie is taking a short breather. You can send more in ${when}.`;
}

/** Her hourly reply limit: the paid plan's for a paid tier, or in care mode. */
function replyLimit(deps: Deps, props: { tier: SubscriptionTier; careMode: boolean }): Limit {
  const { replyLimitFreePerHour, replyLimitPaidPerHour } = deps.config;
  return {
    bucket: 'replies-user',
    limit: props.tier === 'free' && !props.careMode ? replyLimitFreePerHour : replyLimitPaidPerHour,
    windowMs: HOUR_MS,
  };
}

/**
 * Counts one reply (one model call) she asks for, REST or sync alike, and refuses it with 429
 * and Retry-After past her plan's hourly limit. A message that reads as a crisis (in the light
 * of the chat's care mode) is never counted nor refused: its reply costs no model call, and
 * help is never rationed. In care mode (`careMode`) the limit is the paid plan's, and reaching
 * it is never a wall: nothing is counted and 'kindWord' tells the caller to answer her with
 * the server's kind word and the help card instead of a model's reply. 'free': her message
 * reads as a crisis (nothing counted); 'counted': within the limit. The count is written
 * through `deps.db` (inside a sync push's transaction, in it); take it back (uncountReply) when
 * what was counted is not stored after all.
 */
export async function countReply(
  deps: Deps,
  props: {
    userId: string;
    tier: SubscriptionTier;
    texts: (string | null | undefined)[];
    careMode?: boolean;
  },
): Promise<'free' | 'counted' | 'kindWord'> {
  const careMode = props.careMode ?? false;
  if (readsAsCrisisInChat(props.texts, { riskRaised: careMode })) return 'free';
  const limit = replyLimit(deps, { tier: props.tier, careMode });
  const state = await deps.limiter.hit(limit, props.userId, deps.db);
  if (!state.limited) return 'counted';
  // A refused send costs nothing: it does not push the window further.
  await deps.limiter.release(limit, props.userId, deps.db);
  if (careMode) return 'kindWord';
  throw tooManyRequests(state.retryAfter, replyLimitMessage(state.retryAfter));
}

/** Takes back a reply countReply counted ('counted') whose message was not stored after all. */
export async function uncountReply(
  deps: Deps,
  props: { userId: string; tier: SubscriptionTier; careMode?: boolean },
): Promise<void> {
  const limit = replyLimit(deps, { tier: props.tier, careMode: props.careMode ?? false });
  await deps.limiter.release(limit, props.userId, deps.db);
}
