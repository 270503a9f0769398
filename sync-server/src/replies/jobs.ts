import { backgroundWrite } from '../db/backgroundWrites';
import { withoutFlush } from '../db/open';
import type { Deps } from '../deps';
import { AppError } from '../http/errors';
import { replyFailed, replyInterrupted, ReplyAborted } from './errors';
import type { UserRow } from '../users/repo';
import { findUserById } from '../users/service';
import * as jobsRepo from './jobsRepo';
import type { ReplyJobRow } from './jobsRepo';
import { personaOf } from '../chats/present';
import { recordReplyFailure, writeReply } from './write';
import type { ReplyTarget } from './write';
import { createReplyFeed } from './feed';
import type { ReplyFeed } from './feed';
import * as repo from '../chats/repo';
import type { ChatRow, MessageRow } from '../chats/repo';
import { chatNotFound } from '../chats/service';

/**
 * Sends whose rows a job may start from, at most. One is kept until its job runs, so these are
 * the jobs queued behind the runner's room; past it the oldest goes (its job reads its rows).
 */
const EXPECTED_LIMIT = 4096;

/** Claims of one job whose lease ran out (the process died each time) before it fails. */
const MAX_ABANDONED_CLAIMS = 3;

/** Writes the replies her accepted messages are owed, as jobs kept in the database. */
export interface ReplyJobs {
  /** The live pieces of the jobs this process runs. */
  readonly feed: ReplyFeed;
  /** Resumes every job left queued (or running with an expired lease) and starts the sweep. */
  start(): void;
  /** A job was queued: claim it if there is room. */
  kick(): void;
  /**
   * Her message and its chat as the send that queued its job just stored and read them: the
   * job starts from these instead of reading them again (see targetOf).
   */
  expect(target: { chat: ChatRow; userMessage: MessageRow }): void;
  /** Stops claiming, aborts running jobs and gives them back to the queue for the next start. */
  stop(): Promise<void>;
  /** True once stop() was called: nothing more is written in this process. */
  isStopped(): boolean;
}

interface Running {
  chatId: string;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * The in-process runner. It claims at most `replyJobConcurrency` jobs at a time, one per chat,
 * each with a lease of `replyJobLeaseMs` renewed while it writes, so a restart (or another
 * process) takes over a job whose runner died. Provider failures are recorded, not retried:
 * sending the same message id again queues the job anew.
 */
export function createReplyJobs(depsOf: () => Deps): ReplyJobs {
  const feed = createReplyFeed();
  const running = new Map<string, Running>();
  let phase: 'new' | 'started' | 'stopped' = 'new';
  let sweep: NodeJS.Timeout | undefined;
  let pumpQueued = false;
  const expected = new Map<string, { chat: ChatRow; userMessage: MessageRow }>();

  function kick(): void {
    if (phase !== 'started' || pumpQueued) return;
    pumpQueued = true;
    setImmediate(() => {
      pumpQueued = false;
      pump();
    });
  }

  function pump(): void {
    if (phase !== 'started') return;
    const deps = depsOf();
    const room = deps.config.replyJobConcurrency - running.size;
    if (room <= 0) return;
    const claimed = backgroundWrite(deps, 'claiming reply jobs', () => claim(deps, room));
    for (const job of claimed ?? []) run(deps, job);
  }

  function claim(deps: Deps, limit: number): ReplyJobRow[] {
    const now = deps.now();
    const abandoned: ReplyJobRow[] = [];
    // Not flushed to the disk (it blocked the server for a flush at every claim): a claim lost
    // to a power cut leaves its job queued, claimed again at the next start. The reply it
    // leads to is committed in full.
    const claimed = withoutFlush(deps.legacyDb, () =>
      deps.legacyDb.transaction(() => {
        const busyChatIds = [...running.values()].map((job) => job.chatId);
        const jobs = jobsRepo.claimableJobs(deps.legacyDb, { now, limit, busyChatIds });
        return jobs.flatMap((job) => {
          if (job.state === 'running' && job.attempts >= MAX_ABANDONED_CLAIMS) {
            if (recordReplyFailure(deps, job)) abandoned.push(job);
            return [];
          }
          const leaseUntil = now + deps.config.replyJobLeaseMs;
          jobsRepo.markRunning(deps.legacyDb, { messageId: job.messageId, now, leaseUntil });
          return [{ ...job, state: 'running' as const, attempts: job.attempts + 1, leaseUntil }];
        });
      })(),
    );
    for (const job of abandoned) {
      deps.logger.error({ messageId: job.messageId }, 'reply job abandoned too often');
      feed.finish(job.messageId, { type: 'error', error: replyFailed() });
    }
    return claimed;
  }

  function run(deps: Deps, job: ReplyJobRow): void {
    const controller = new AbortController();
    const leaseMs = deps.config.replyJobLeaseMs;
    const renew = setInterval(() => {
      const now = deps.now();
      const claim = { ...job, now, leaseUntil: now + leaseMs };
      const held = backgroundWrite(deps, "renewing a reply job's lease", () =>
        jobsRepo.renewLease(deps.legacyDb, claim),
      );
      // Another runner took the job over (this one stalled past its lease): let it go. A
      // renewal that failed keeps the job: the next one may succeed.
      if (held === false) controller.abort();
    }, leaseMs / 3);
    renew.unref();
    const done = execute(deps, job, controller.signal).finally(() => {
      clearInterval(renew);
      running.delete(job.messageId);
      kick();
    });
    running.set(job.messageId, { chatId: job.chatId, controller, done });
  }

  async function execute(deps: Deps, job: ReplyJobRow, signal: AbortSignal): Promise<void> {
    const { messageId } = job;
    feed.open(messageId);
    try {
      const sent = expected.get(messageId);
      expected.delete(messageId);
      const found = targetOf(deps, job, sent);
      const onText = (text: string) => feed.publish(messageId, text);
      const reply = found && (await writeReply(deps, { ...found, signal, onText }));
      if (reply) feed.finish(messageId, { type: 'reply', reply });
      else feed.finish(messageId, { type: 'error', error: chatNotFound() });
    } catch (error) {
      if (error instanceof ReplyAborted) {
        if (phase === 'stopped') {
          backgroundWrite(deps, 'giving a reply job back', () =>
            jobsRepo.releaseJob(deps.legacyDb, { ...job, now: deps.now() }),
          );
        }
        feed.drop(messageId);
        return;
      }
      if (!(error instanceof AppError))
        deps.logger.error({ err: error, messageId }, 'reply job failed');
      // Not recorded (a full disk): the job keeps its claim, and once its lease runs out it is
      // claimed and written again; her watchers wait for that. Nor when another runner has it.
      const recorded = backgroundWrite(deps, "recording a reply job's failure", () =>
        recordReplyFailure(deps, job),
      );
      if (recorded) feed.finish(messageId, { type: 'error', error: replyFailed() });
      else feed.drop(messageId);
    }
  }

  return {
    feed,
    kick,
    expect(target) {
      if (phase === 'stopped') return;
      expected.set(target.userMessage.id, target);
      if (expected.size > EXPECTED_LIMIT) expected.delete(expected.keys().next().value!);
    },
    isStopped: () => phase === 'stopped',
    start() {
      if (phase !== 'new') return;
      phase = 'started';
      const { replyJobLeaseMs } = depsOf().config;
      sweep = setInterval(pump, Math.max(100, Math.min(5_000, replyJobLeaseMs / 2)));
      sweep.unref();
      pump();
    },
    async stop() {
      if (phase === 'stopped') return;
      phase = 'stopped';
      clearInterval(sweep);
      const jobs = [...running.values()];
      for (const job of jobs) job.controller.abort();
      await Promise.allSettled(jobs.map((job) => job.done));
      feed.finishAll({ type: 'error', error: replyInterrupted() });
    },
  };
}

/**
 * Her message, its chat and her account, as the job needs them; gone with a deleted chat. The rows
 * its send stored and read (`sent`) stand for the first two (reading them again slowed every send
 * under load; bench/HISTORY.md). The job reads only their ids, her words and the chat's bestie,
 * none of which changes; a chat deleted since takes her message with it, and storeReply finds it
 * gone.
 */
function targetOf(
  deps: Deps,
  job: ReplyJobRow,
  sent: { chat: ChatRow; userMessage: MessageRow } | undefined,
): { user: UserRow; target: ReplyTarget } | undefined {
  const userMessage = sent?.userMessage ?? repo.findMessage(deps.legacyDb, job.messageId);
  const chat = sent?.chat ?? repo.findChat(deps.legacyDb, job.chatId);
  const user = findUserById(deps, { id: job.userId });
  if (!userMessage || !chat || chat.deletedAt !== null || !user) return undefined;
  return { user, target: { chat, persona: personaOf(chat), userMessage } };
}
