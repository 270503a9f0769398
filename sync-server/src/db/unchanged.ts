import { setImmediate } from 'node:timers';
import type { LegacyDb as Db } from './open';

/** Answers kept at most; past it they all go (a write empties them anyway). */
export const UNCHANGED_MEMO_ENTRIES = 10_000;

export interface UnchangedMemo {
  /** `read`'s answer, from memory while the database is as it was when `read` last ran. */
  <T>(key: string, read: () => T): T;
  /** A request starts: see unchangedMemo. */
  requestStarted(): void;
}

const OWN_CHANGES_SQL = 'SELECT total_changes()';
const OTHERS_SQL = 'PRAGMA data_version';

interface Counters {
  changes: number;
  others: number;
}

const memos = new WeakMap<Db, UnchangedMemo>();

/**
 * Lookups answered from memory while nothing in the database changed. Every signed-in request
 * reads her session, her account and her change number, and each such read takes SQLite's
 * file locks on its own (three system calls): under load they cost more than the rest of the
 * request. Two counters tell a change instead, and the first change empties every answer:
 * - `total_changes()` counts every row this connection inserted, updated or deleted (a rolled
 *   back one too, so an undone change still counts). Reading it takes no lock: every lookup
 *   does.
 * - `data_version` moves with every commit of any other connection, in this process or
 *   another (a restore, a script). Reading it is a locked read. A lookup reads it, unless a
 *   request started in this turn of the event loop already did: the first request to start
 *   in a turn reads it (`requestStarted`), and the requests that start after it in the same
 *   turn use that reading. Their bytes all arrived before the turn's poll for I/O, so before
 *   the reading: what a request reads is never older than the request.
 *
 * Inside a transaction nothing is kept or answered from memory: what it reads may be its own
 * writes, rolled back after. Answers are shared between requests, so they are frozen: a
 * caller that changed one would change it for everyone.
 */
export function unchangedMemo(db: Db): UnchangedMemo {
  const known = memos.get(db);
  if (known) return known;
  // Each read as a bare number (pluck): a row object per lookup cost 4 times the lookup.
  const ownChanges = db.prepare<[], number>(OWN_CHANGES_SQL).pluck();
  const othersNow = db.prepare<[], number>(OTHERS_SQL).pluck();
  const allChanges = (): Counters | undefined => {
    const others = othersNow.get();
    const changes = ownChanges.get();
    return others === undefined || changes === undefined ? undefined : { changes, others };
  };
  const kept = new Map<string, unknown>();
  const keptAt: Counters = { changes: -1, others: -1 };
  /** A request started in this turn of the event loop and read `data_version`. */
  let othersRead = false;

  /** True when the counters are as they were when the kept answers were read. */
  function unchangedSince(now: Counters | undefined): boolean {
    const same = now?.changes === keptAt.changes && now.others === keptAt.others;
    if (!same) {
      kept.clear();
      keptAt.changes = now?.changes ?? -1;
      keptAt.others = now?.others ?? -1;
    }
    return same;
  }

  function countersNow(): Counters | undefined {
    if (!othersRead) return allChanges();
    const changes = ownChanges.get();
    return changes === undefined ? undefined : { changes, others: keptAt.others };
  }

  const memo = <T>(key: string, read: () => T): T => {
    if (db.inTransaction) return read();
    if (unchangedSince(countersNow()) && kept.has(key)) return kept.get(key) as T;
    // Kept at the counters read before it: a read that wrote (an expired session deleted)
    // moves them, and the next lookup empties it.
    const answer = Object.freeze(read()) as T;
    if (kept.size >= UNCHANGED_MEMO_ENTRIES) kept.clear();
    kept.set(key, answer);
    return answer;
  };

  const requestStarted = () => {
    if (othersRead || db.inTransaction) return;
    unchangedSince(allChanges());
    othersRead = true;
    // The check phase follows the poll phase: the next turn's requests read it again.
    setImmediate(() => {
      othersRead = false;
    });
  };

  const made = Object.assign(memo, { requestStarted });
  memos.set(db, made);
  return made;
}
