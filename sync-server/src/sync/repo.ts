import type { Db } from '../db/database';

/** What a processed mutation left behind; the rows are looked up again on a replay. */
export interface StoredResult {
  status: 'applied' | 'rejected';
  error?: { status: number; message: string; code: string; [detail: string]: unknown };
  chatIds: string[];
  messageIds: string[];
  tombstoneIds: string[];
  /** Memories written or forgotten; absent in results recorded before memories. */
  memoryIds?: string[];
}

export async function findProcessed(
  db: Db,
  key: { userId: string; mutationId: string },
): Promise<StoredResult | undefined> {
  const row = await db
    .selectFrom('processed_mutations')
    .select('result')
    .where('user_id', '=', key.userId)
    .where('mutation_id', '=', key.mutationId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.result) as StoredResult) : undefined;
}

/**
 * Records the outcome unless a duplicate recorded one first (its primary key decides); answers
 * whether this one was recorded. Call it in the transaction of the writes it records.
 */
export async function recordProcessed(
  db: Db,
  row: { userId: string; mutationId: string; result: StoredResult; createdAt: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('processed_mutations')
    .values({
      user_id: row.userId,
      mutation_id: row.mutationId,
      result: JSON.stringify(row.result),
      created_at: row.createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Forgets the mutations processed before `cutoff`; answers how many went. */
export async function deleteProcessedBefore(db: Db, cutoff: number): Promise<number> {
  const deleted = await db
    .deleteFrom('processed_mutations')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
