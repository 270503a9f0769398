-- Sync: each pushed mutation is applied once per user; a replay answers from here.
-- `result` is JSON: { status, error?, chatIds, messageIds, tombstoneIds } — the rows are
-- presented afresh on a replay, so teasers follow her current plan.

CREATE TABLE processed_mutations (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mutation_id TEXT NOT NULL,
  result TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, mutation_id)
) WITHOUT ROWID;
