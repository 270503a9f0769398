import type { Deps } from '../deps';
import { replyFailed, replyInterrupted } from './errors';
import * as jobsRepo from './jobsRepo';
import type { ReplyEvent } from './feed';
import * as repo from '../chats/repo';
import type { MessageRow } from '../chats/repo';

/** What a follower hears: pieces, then the outcome (`ended` is resolved to it here). */
export type FollowedEvent = Exclude<ReplyEvent, { type: 'ended' }>;

/** How often a watcher looks in the database, for a job another process runs. */
const STORED_OUTCOME_POLL_MS = 1000;

/**
 * The reply to her message, or why there is none, once its job has ended. A reply being
 * written again (its job queued or running with `replaces`) is not the outcome yet: the job is
 * read first, so one that ends between the two reads gives the new reply.
 */
async function storedOutcome(deps: Deps, messageId: string): Promise<FollowedEvent | undefined> {
  const job = await jobsRepo.findJob(deps.db, messageId);
  const rewriting = job?.replaces && (job.state === 'queued' || job.state === 'running');
  const reply = await repo.findReplyTo(deps.db, messageId);
  if (reply && !rewriting) return { type: 'reply', reply };
  // No job: a message from before reply jobs whose reply failed; sending it again queues one.
  if (!job || job.state === 'failed') return { type: 'error', error: replyFailed() };
  return undefined;
}

/**
 * Follows the reply to her message. `onEvent` gets, in order: the text written so far (one
 * delta) and each further piece of its job, in whichever process it runs (the feed is on the
 * bus), then `reply` or `error`, after which nothing more comes. A reply already stored, or a
 * job that failed, comes at once; a job another process ran is read from the database when it
 * ends (and every second, should the bus miss its end). Answers a function that stops.
 * The feed is watched before the database is read, so a job ending meanwhile is not missed.
 * `queuedNow`: its job was queued by the commit the caller just awaited, in this turn of the
 * event loop, before any job could be claimed, so there is no stored outcome to look up yet
 * (and the feed is watched before this returns its promise).
 */
export async function followReply(
  deps: Deps,
  messageId: string,
  onEvent: (event: FollowedEvent) => void,
  options: { queuedNow?: boolean } = {},
): Promise<() => void> {
  if (deps.replyJobs.isStopped()) {
    onEvent({ type: 'error', error: replyInterrupted() });
    return () => {};
  }
  let ended = false;
  let polling = false;
  /** Reads the outcome from the database: a job of another process ended, or a poll's tick. */
  function lookNow(): void {
    if (ended || polling || deps.replyJobs.isStopped()) return;
    polling = true;
    storedOutcome(deps, messageId)
      .then((outcome) => {
        if (outcome) deliver(outcome);
      })
      // A failed look is tried again at the next tick; the feed may still tell.
      .catch((error: unknown) => deps.logger.warn({ err: error, messageId }, 'reply poll failed'))
      .finally(() => {
        polling = false;
      });
  }
  /** Events of the feed that came while the database was read, passed on after. */
  let early: ReplyEvent[] | undefined = [];
  let poll: NodeJS.Timeout | undefined = undefined;
  const stop = () => {
    ended = true;
    watch.stop();
    clearInterval(poll);
  };
  const deliver = (event: ReplyEvent) => {
    if (ended) return;
    if (event.type === 'ended') {
      lookNow();
      return;
    }
    if (event.type !== 'delta') stop();
    onEvent(event);
  };
  const watch = deps.replyJobs.feed.watch(messageId, (event) => {
    if (early) early.push(event);
    else deliver(event);
  });
  if (!options.queuedNow) {
    let known: FollowedEvent | undefined;
    try {
      known = await storedOutcome(deps, messageId);
    } catch (error) {
      stop();
      throw error;
    }
    if (known) {
      stop();
      onEvent(known);
      return stop;
    }
  }
  poll = setInterval(lookNow, STORED_OUTCOME_POLL_MS);
  poll.unref();
  const waiting = early;
  early = undefined;
  if (watch.textSoFar) onEvent({ type: 'delta', text: watch.textSoFar });
  for (const event of waiting) deliver(event);
  return stop;
}

/** The stored reply to her message once its job is done; rejects with why it failed. */
export function awaitReply(
  deps: Deps,
  messageId: string,
  options: { queuedNow?: boolean } = {},
): Promise<MessageRow> {
  return new Promise((resolve, reject: (error: unknown) => void) => {
    followReply(
      deps,
      messageId,
      (event) => {
        if (event.type === 'reply') resolve(event.reply);
        if (event.type === 'error') reject(event.error);
      },
      options,
    ).catch(reject);
  });
}
