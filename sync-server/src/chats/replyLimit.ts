import type { SubscriptionTier } from '@shared/user';
import type { Deps } from '../deps';
import { tooManyRequests } from '../http/errors';
import { readsAsCrisis } from '../safety/service';

const HOUR_MS = 60 * 60 * 1000;

/** The words she sees when she has asked for more replies this hour than her plan allows. */
export function replyLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const when = minutes === 1 ? 'about a minute' : `about ${minutes} minutes`;
  return `You've sent a lot of messages this hour, so your bestie is taking a short breather. You can send more in ${when}.`;
}

/**
 * Counts one reply (one model call) she asks for, REST or sync alike, and refuses it with 429
 * and Retry-After past her plan's hourly limit. A message that reads as a crisis is never
 * counted nor refused: its reply costs no model call, and help is never rationed.
 */
export function countReply(
  deps: Deps,
  props: { userId: string; tier: SubscriptionTier; texts: (string | null | undefined)[] },
): void {
  if (props.texts.some((text) => text && readsAsCrisis(text))) return;
  const { replyLimitFreePerHour, replyLimitPaidPerHour } = deps.config;
  const limit = {
    bucket: 'replies-user',
    limit: props.tier === 'free' ? replyLimitFreePerHour : replyLimitPaidPerHour,
    windowMs: HOUR_MS,
  };
  const state = deps.limiter.hit(limit, props.userId);
  if (!state.limited) return;
  // A refused send costs nothing: it does not push the window further.
  deps.limiter.release(limit, props.userId);
  throw tooManyRequests(state.retryAfter, replyLimitMessage(state.retryAfter));
}
