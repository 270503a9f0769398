import { backgroundWrite } from '../db/backgroundWrites';
import { rememberFrom } from '../memory/service';
import { inTransaction } from '../db/database';
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
import type { Bus } from '../bus/bus';
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
 * sending the same message id again queues the job anew. One claim runs at a time in this
 * process (a wake-up during one claims again after it); runners of other processes claim in
 * their own transactions, which pass over each other's jobs (jobsRepo.claimableJobs).
 */
export function createReplyJobs(depsOf: () => Deps, bus?: Bus): ReplyJobs {
  const feed = createReplyFeed(bus);
  const running = new Map<string, Running>();
  let phase: 'new' | 'started' | 'stopped' = 'new';
  let sweep: NodeJS.Timeout | undefined;
  let pumpQueued = false;
  /** The claim under way, if any, and whether another was asked for meanwhile. */
  let pumping: Promise<void> | undefined;
  let pumpAgain = false;
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
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = pumpOnce().finally(() => {
      pumping = undefined;
      if (pumpAgain) {
        pumpAgain = false;
        pump();
      }
    });
  }

  /** Claims what there is room for and runs it; never rejects (a failure is logged). */
  async function pumpOnce(): Promise<void> {
    const deps = depsOf();
    const room = deps.config.replyJobConcurrency - running.size;
    if (room <= 0) return;
    try {
      const claimed = await backgroundWrite(
        deps,
        'claiming reply jobs',
        () => claim(deps, room),
        (jobs) => jobs.length > 0,
      );
      for (const job of claimed ?? []) {
        // Stopped while claiming: the job goes back to the queue for the next start.
        if (phase === 'stopped') await giveBack(deps, job);
        else run(deps, job);
      }
    } catch (error) {
      deps.logger.error({ err: error }, 'claiming reply jobs failed');
    }
  }

  async function claim(deps: Deps, limit: number): Promise<ReplyJobRow[]> {
    const now = deps.now();
    const busyChatIds = [...running.values()].map((job) => job.chatId);
    // The jobs it takes are locked (claimableJobs), so READ COMMITTED holds one reply per
    // chat: a job another runner took meanwhile is passed over, its lease seen once committed.
    const { claimed, abandoned } = await inTransaction(
      deps.db,
      async (db) => {
        // Made anew on each try: on PostgreSQL the transaction may run again.
        const taken: ReplyJobRow[] = [];
        const given: ReplyJobRow[] = [];
        const jobs = await jobsRepo.claimableJobs(db, { now, limit, busyChatIds });
        for (const job of jobs) {
          if (job.state === 'running' && job.attempts >= MAX_ABANDONED_CLAIMS) {
            if (await recordReplyFailure({ ...deps, db }, job)) given.push(job);
            continue;
          }
          const leaseUntil = now + deps.config.replyJobLeaseMs;
          await jobsRepo.markRunning(db, { messageId: job.messageId, now, leaseUntil });
          taken.push({ ...job, state: 'running' as const, attempts: job.attempts + 1, leaseUntil });
        }
        return { claimed: taken, abandoned: given };
      },
      { lockedRows: true },
    );
    for (const job of abandoned) {
      deps.logger.error({ messageId: job.messageId }, 'reply job abandoned too often');
      feed.finish(job.messageId, { type: 'error', error: replyFailed() });
    }
    return claimed;
  }

  async function giveBack(deps: Deps, job: ReplyJobRow): Promise<void> {
    await backgroundWrite(deps, 'giving a reply job back', () =>
      jobsRepo.releaseJob(deps.db, { ...job, now: deps.now() }),
    );
  }

  function run(deps: Deps, job: ReplyJobRow): void {
    const controller = new AbortController();
    const leaseMs = deps.config.replyJobLeaseMs;
    let renewing = false;
    const renewOnce = async () => {
      const now = deps.now();
      const claim = { ...job, now, leaseUntil: now + leaseMs };
      try {
        const held = await backgroundWrite(
          deps,
          "renewing a reply job's lease",
          () => jobsRepo.renewLease(deps.db, claim),
          (renewed) => renewed,
        );
        // Another runner took the job over (this one stalled past its lease): let it go. A
        // renewal that failed keeps the job: the next one may succeed.
        if (held === false) controller.abort();
      } catch (error) {
        deps.logger.error({ err: error }, "renewing a reply job's lease failed");
      } finally {
        renewing = false;
      }
    };
    const renew = setInterval(() => {
      if (renewing) return;
      renewing = true;
      void renewOnce();
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
      const found = await targetOf(deps, job, sent);
      const onText = (text: string) => feed.publish(messageId, text);
      const reply =
        found && (await writeReply(deps, { ...found, replaces: job.replaces, signal, onText }));
      if (reply) feed.finish(messageId, { type: 'reply', reply });
      else feed.finish(messageId, { type: 'error', error: chatNotFound() });
      // What her message tells of her, kept once she has her reply (a failure loses no reply).
      if (reply && found) {
        await backgroundWrite(deps, 'remembering what she said', () =>
          rememberFrom(deps, found.target.userMessage),
        );
      }
    } catch (error) {
      if (error instanceof ReplyAborted) {
        if (phase === 'stopped') await giveBack(deps, job);
        feed.drop(messageId);
        return;
      }
      if (!(error instanceof AppError))
        deps.logger.error({ err: error, messageId }, 'reply job failed');
      // Not recorded (a full disk): the job keeps its claim, and once its lease runs out it is
      // claimed and written again; her watchers wait for that. Nor when another runner has it.
      let recorded: boolean | undefined;
      try {
        recorded = await backgroundWrite(deps, "recording a reply job's failure", () =>
          recordReplyFailure(deps, job),
        );
      } catch (failure) {
        deps.logger.error({ err: failure, messageId }, "recording a reply job's failure failed");
      }
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
      // A claim under way ends first: what it took is given back, not started.
      await pumping;
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
async function targetOf(
  deps: Deps,
  job: ReplyJobRow,
  sent: { chat: ChatRow; userMessage: MessageRow } | undefined,
): Promise<{ user: UserRow; target: ReplyTarget } | undefined> {
  const userMessage = sent?.userMessage ?? (await repo.findMessage(deps.db, job.messageId));
  const chat = sent?.chat ?? (await repo.findChat(deps.db, job.chatId));
  const user = await findUserById(deps, { id: job.userId });
  if (!userMessage || !chat || chat.deletedAt !== null || !user) return undefined;
  return { user, target: { chat, persona: personaOf(chat), userMessage } };
}
