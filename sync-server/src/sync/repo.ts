import type { LegacyDb as Db } from '../db/open';

/** What a processed mutation left behind; the rows are looked up again on a replay. */
export interface StoredResult {
  status: 'applied' | 'rejected';
  error?: { status: number; message: string; code: string; [detail: string]: unknown };
  chatIds: string[];
  messageIds: string[];
  tombstoneIds: string[];
}

export function findProcessed(
  db: Db,
  key: { userId: string; mutationId: string },
): StoredResult | undefined {
  const row = db
    .prepare<[string, string], { result: string }>(
      'SELECT result FROM processed_mutations WHERE user_id = ? AND mutation_id = ?',
    )
    .get(key.userId, key.mutationId);
  return row ? (JSON.parse(row.result) as StoredResult) : undefined;
}

/** Records the outcome unless a concurrent duplicate recorded one first (that one wins). */
export function recordProcessed(
  db: Db,
  row: { userId: string; mutationId: string; result: StoredResult; createdAt: number },
): void {
  db.prepare(
    `INSERT INTO processed_mutations (user_id, mutation_id, result, created_at)
     VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  ).run(row.userId, row.mutationId, JSON.stringify(row.result), row.createdAt);
}

/** Forgets the mutations processed before `cutoff`; answers how many went. */
export function deleteProcessedBefore(db: Db, cutoff: number): number {
  return db.prepare('DELETE FROM processed_mutations WHERE created_at < ?').run(cutoff).changes;
}
