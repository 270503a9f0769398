import { SYNC_CHANGED_EVENT, SYNC_ENDED_EVENT } from '@shared/sync';
import type { SyncChangedEvent } from '@shared/sync';
import { isSessionLive } from '../sessions/lifecycle';
import { changeSeqOfUser } from '../chats/changes';
import type { Deps } from '../deps';
import { tooManyRequests } from '../http/errors';
import { eventFrame, openEventStream } from '../http/eventStream';
import type { AppContext } from '../http/types';
import { changeFeed } from './notify';

/** A comment this often keeps proxies (and their idle timeouts) from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** Streams one account may hold open in one process: a phone, a laptop, a few tabs. */
export const MAX_STREAMS_PER_USER = 10;
/** How long a browser's EventSource waits before it connects again by itself. */
export const RETRY_MS = 1000;

const changedFrame = (data: SyncChangedEvent) => eventFrame(SYNC_CHANGED_EVENT, data);

/**
 * Answers GET /api/sync/events for her: a server-sent events stream that says `changed` (with
 * her change sequence number, never her data) whenever her rows change, from any device or
 * job, and a comment every 25 s. Never compressed or buffered; ends when she hangs up or the
 * server shuts down. A 429 past MAX_STREAMS_PER_USER open streams.
 *
 * It lives no longer than the session it was opened with: before each event and each
 * heartbeat the session is looked up, and once it has ended (ending one tells her streams at
 * once, an expiry is found within a heartbeat) the stream says `ended` and closes.
 */
export function streamChanges(
  deps: Deps,
  ctx: AppContext,
  session: { userId: string; idHash: string },
): void {
  const { userId, idHash } = session;
  const feed = changeFeed(deps.db);
  if (feed.subscribers(userId) >= MAX_STREAMS_PER_USER) {
    throw tooManyRequests(HEARTBEAT_MS / 1000, 'Too many live sync streams are open.');
  }
  const stream = openEventStream(ctx, {
    status: 200,
    cacheControl: 'no-cache, no-store, no-transform',
  });
  const write = stream.write;
  let unsubscribe = () => {};
  let ended = false;
  const end = () => {
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    stream.end();
  };
  /**
   * Runs the stream's reads one after another, so its frames go out in the order they were
   * asked for (a later `changed` never overtakes an earlier one); none once it has ended.
   */
  let queue = Promise.resolve();
  const inTurn = (task: () => Promise<void>) => {
    queue = queue
      .then(() => (ended ? undefined : task()))
      .catch((error: unknown) => {
        deps.logger.error({ err: error }, 'live sync stream failed');
        end();
      });
  };
  /** False (and the stream said `ended` and closed) once her session here has ended. */
  const live = async () => {
    if (await isSessionLive(deps, idHash)) return true;
    write(eventFrame(SYNC_ENDED_EVENT, {}));
    end();
    return false;
  };
  const heartbeat = setInterval(() => {
    inTurn(async () => {
      if (await live()) write(': still here\n\n');
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();
  unsubscribe = feed.subscribe(userId, {
    changed: (account) => {
      inTurn(async () => {
        if (!(await live())) return;
        const seq = await changeSeqOfUser(deps, userId);
        write(changedFrame({ seq, ...(account ? { account: true } : {}) }));
      });
    },
    closed: end,
  });
  // The comment gets the headers out at once, so her EventSource opens before any change.
  write(`retry: ${RETRY_MS}\n: following her changes\n\n`);
  ctx.res.once('close', end);
}
