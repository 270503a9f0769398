import { setImmediate } from 'node:timers';
import type { LegacyDb as Db } from './open';

/** Writes that share one commit: see groupCommit. */
export interface GroupCommit {
  /**
   * Runs `write` in the next shared transaction, as a savepoint of its own; resolves with its
   * answer once that transaction is committed, rejects with what it threw (its writes undone,
   * the others' kept) or with the commit's failure.
   */
  run<T>(write: () => T): Promise<T>;
}

interface Queued {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const TRANSACTION_ENDED = 'The shared transaction ended before its commit';

const groups = new WeakMap<Db, GroupCommit>();

/**
 * Writes asked for during one turn of the event loop, committed together at its end. A commit
 * writes every page it changed to the WAL and flushes it (synchronous FULL); a message sent and its
 * reply stored were a commit each, some fifteen pages apiece, and a large part of a send's time
 * under load (bench/HISTORY.md). Writes that arrive together share those pages and one flush, and
 * each is answered only once it is on the disk, as before. Each write runs alone in its savepoint,
 * in the order asked, as it would have run then: it reads what the writes before it wrote. One that
 * throws is undone alone.
 */
export function groupCommit(db: Db): GroupCommit {
  const known = groups.get(db);
  if (known) return known;
  let queue: Queued[] = [];

  function commitQueued(): void {
    const batch = queue;
    queue = [];
    let outcomes: Outcome[];
    try {
      outcomes = db.transaction(() =>
        batch.map((item): Outcome => {
          let outcome: Outcome;
          try {
            outcome = { ok: true, value: db.transaction(item.write)() };
          } catch (error) {
            outcome = { ok: false, error };
          }
          // Some failures (a full disk, an I/O error) end the whole transaction, even caught:
          // the writes before are undone too, and none after may run outside it.
          if (!db.inTransaction) throw outcome.ok ? new Error(TRANSACTION_ENDED) : outcome.error;
          return outcome;
        }),
      )();
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) item.resolve(outcome.value);
      else item.reject(outcome?.error);
    });
  }

  const group: GroupCommit = {
    run<T>(write: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (queue.length === 0) setImmediate(commitQueued);
        queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
      });
    },
  };
  groups.set(db, group);
  return group;
}
