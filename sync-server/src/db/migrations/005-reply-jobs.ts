import { run } from './statements';
import type { MigrationDb } from './statements';

/**
 * Replies are jobs (one way for every write). Accepting her message stores it and its
 * reply job in one transaction; a runner claims jobs with a lease (so a restart, or another
 * process, takes over an abandoned one) and stores the reply, or marks the job failed and puts
 * `reply_error` on her message. Messages get their place in the chat, `chat_seq` (1, 2, 3, ...),
 * given at insert and never changed, so clients order by it and never by clocks.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(db, [
    `ALTER TABLE messages ADD COLUMN chat_seq INTEGER NOT NULL DEFAULT 0`,
    // On her message: why the reply could not be written; cleared when she sends the same id again.
    `ALTER TABLE messages ADD COLUMN reply_error TEXT`,
    // Existing messages keep the order they were written in.
    `UPDATE messages SET chat_seq = ordered.n
     FROM (
       SELECT id, ROW_NUMBER() OVER (PARTITION BY chat_id ORDER BY change_seq) AS n FROM messages
     ) AS ordered
     WHERE messages.id = ordered.id`,
    `DROP INDEX messages_chat_order`,
    `CREATE UNIQUE INDEX messages_chat_seq ON messages (chat_id, chat_seq)`,
    // One job per user message. A message from before this migration that has no reply has no
    // job either (its send was never acknowledged); sending its id again queues one.
    `CREATE TABLE reply_jobs (
      message_id TEXT PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      chat_id TEXT NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
      state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0, -- claims since it was last queued; fences a stale runner
      lease_until BIGINT,                  -- while running: a claim after this time may take it over
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    `CREATE INDEX reply_jobs_state ON reply_jobs (state, lease_until)`,
    `CREATE INDEX reply_jobs_chat_state ON reply_jobs (chat_id, state)`,
  ]);
}
