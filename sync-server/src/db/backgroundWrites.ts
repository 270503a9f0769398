import type { Logger } from '../logger';
import { isDatabaseUnavailable } from './database';
import type { Db } from './database';

/**
 * When the last background write failed, per database, and whether the database was out of
 * reach then; gone once one writes again.
 */
const lastFailures = new WeakMap<Db, { at: number; unreachable: boolean }>();

/**
 * Runs a write no request waits for (a reply job's bookkeeping, a lease, a prune). Nobody could
 * catch its failure (a full disk, the database out of reach): it is logged, kept for
 * /api/health, and answered as undefined; what it was for is tried again later. The failure is
 * forgotten once a background write succeeds that `wrote` something (by default any): a claim
 * that found no job commits even on a full disk, and shows nothing about writes. A failure
 * because the database was out of reach (PostgreSQL restarting) is forgotten at the next
 * background write that succeeds at all: it reached the database.
 */
export async function backgroundWrite<T>(
  props: { db: Db; logger: Logger; now: () => number },
  what: string,
  write: () => Promise<T>,
  wrote: (result: T) => boolean = () => true,
): Promise<T | undefined> {
  try {
    const result = await write();
    if (wrote(result) || lastFailures.get(props.db)?.unreachable) lastFailures.delete(props.db);
    return result;
  } catch (error) {
    lastFailures.set(props.db, { at: props.now(), unreachable: isDatabaseUnavailable(error) });
    props.logger.error({ err: error }, `${what} failed`);
    return undefined;
  }
}

/** When a background write last failed, while none has succeeded since; else undefined. */
export function lastBackgroundWriteFailure(db: Db): number | undefined {
  return lastFailures.get(db)?.at;
}
