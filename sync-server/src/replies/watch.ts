import type { Deps } from '../deps';
import type { AppError } from '../http/errors';
import { replyFailed, replyInterrupted } from './errors';
import * as jobsRepo from './jobsRepo';
import type { ReplyEvent } from './feed';
import * as repo from '../chats/repo';
import type { MessageRow } from '../chats/repo';

/** How often a watcher looks in the database, for a job another process runs. */
const STORED_OUTCOME_POLL_MS = 1000;

/** The reply to her message, or why there is none, once its job has ended. */
function storedOutcome(deps: Deps, messageId: string): ReplyEvent | undefined {
  const reply = repo.findReplyTo(deps.legacyDb, messageId);
  if (reply) return { type: 'reply', reply };
  const job = jobsRepo.findJob(deps.legacyDb, messageId);
  // No job: a message from before reply jobs whose reply failed; sending it again queues one.
  if (!job || job.state === 'failed') return { type: 'error', error: replyFailed() };
  return undefined;
}

/**
 * Follows the reply to her message. `onEvent` gets, in order: the text written so far (one
 * delta) and each further piece of a job this process runs, then `reply` or `error`, after
 * which nothing more comes. A reply already stored, or a job that failed, comes at once; a job
 * another process runs is followed through the database. Returns a function that stops.
 * `queuedNow`: its job was queued by the commit the caller just awaited, in this turn of the
 * event loop, before any job could be claimed, so there is no stored outcome to look up yet.
 */
export function followReply(
  deps: Deps,
  messageId: string,
  onEvent: (event: ReplyEvent) => void,
  options: { queuedNow?: boolean } = {},
): () => void {
  const known = deps.replyJobs.isStopped()
    ? { type: 'error' as const, error: replyInterrupted() }
    : options.queuedNow
      ? undefined
      : storedOutcome(deps, messageId);
  if (known) {
    onEvent(known);
    return () => {};
  }
  let ended = false;
  const stop = () => {
    ended = true;
    watch.stop();
    clearInterval(poll);
  };
  const watch = deps.replyJobs.feed.watch(messageId, (event) => {
    if (ended) return;
    if (event.type !== 'delta') stop();
    onEvent(event);
  });
  const poll = setInterval(() => {
    const outcome = deps.replyJobs.isStopped() ? undefined : storedOutcome(deps, messageId);
    if (!outcome || ended) return;
    stop();
    onEvent(outcome);
  }, STORED_OUTCOME_POLL_MS);
  poll.unref();
  if (watch.textSoFar) onEvent({ type: 'delta', text: watch.textSoFar });
  return stop;
}

/** The stored reply to her message once its job is done; rejects with why it failed. */
export function awaitReply(
  deps: Deps,
  messageId: string,
  options: { queuedNow?: boolean } = {},
): Promise<MessageRow> {
  return new Promise((resolve, reject: (error: AppError) => void) => {
    followReply(
      deps,
      messageId,
      (event) => {
        if (event.type === 'reply') resolve(event.reply);
        if (event.type === 'error') reject(event.error);
      },
      options,
    );
  });
}
