import type { Logger } from '../logger';
import type { LegacyDb as Db } from './open';

/** When the last background write failed, per connection; gone once one succeeds again. */
const lastFailures = new WeakMap<Db, number>();

/**
 * Runs a write no request waits for (a reply job's bookkeeping, a lease, a prune). Nobody could
 * catch its failure (a full disk, an I/O error): it would end the process. It is logged, kept
 * for /api/health, and answered as undefined; what it was for is tried again later.
 */
export function backgroundWrite<T>(
  props: { legacyDb: Db; logger: Logger; now: () => number },
  what: string,
  write: () => T,
): T | undefined {
  try {
    const failing = lastFailures.has(props.legacyDb);
    const before = failing ? totalChanges(props.legacyDb) : 0;
    const result = write();
    // A write that changed nothing (no job to claim) commits even on a full disk: it shows
    // nothing about the writes failing.
    if (failing && totalChanges(props.legacyDb) !== before) lastFailures.delete(props.legacyDb);
    return result;
  } catch (error) {
    lastFailures.set(props.legacyDb, props.now());
    props.logger.error({ err: error }, `${what} failed`);
    return undefined;
  }
}

function totalChanges(db: Db): number {
  return db.prepare<[], number>('SELECT total_changes()').pluck().get() ?? 0;
}

/** When a background write last failed, while none has succeeded since; else undefined. */
export function lastBackgroundWriteFailure(db: Db): number | undefined {
  return lastFailures.get(db);
}
