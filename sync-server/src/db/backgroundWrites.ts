import type { Logger } from '../logger';
import type { Db } from './database';

/** When the last background write failed, per database; gone once one writes again. */
const lastFailures = new WeakMap<Db, number>();

/**
 * Runs a write no request waits for (a reply job's bookkeeping, a lease, a prune). Nobody could
 * catch its failure (a full disk, the database out of reach): it is logged, kept for
 * /api/health, and answered as undefined; what it was for is tried again later. The failure is
 * forgotten once a background write succeeds that `wrote` something (by default any): a claim
 * that found no job commits even on a full disk, and shows nothing about writes.
 */
export async function backgroundWrite<T>(
  props: { db: Db; logger: Logger; now: () => number },
  what: string,
  write: () => Promise<T>,
  wrote: (result: T) => boolean = () => true,
): Promise<T | undefined> {
  try {
    const result = await write();
    if (wrote(result)) lastFailures.delete(props.db);
    return result;
  } catch (error) {
    lastFailures.set(props.db, props.now());
    props.logger.error({ err: error }, `${what} failed`);
    return undefined;
  }
}

/** When a background write last failed, while none has succeeded since; else undefined. */
export function lastBackgroundWriteFailure(db: Db): number | undefined {
  return lastFailures.get(db);
}
