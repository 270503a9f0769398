import { run } from './statements';
import type { MigrationDb } from './statements';

/**
 * A chat's running reply job is found through an index of running jobs only. The index on
 * (chat_id, state) it replaces held every job ever run, and each job's entry moved in it three
 * times (queued, running, done), each move a page of that chat written in its own commit: under
 * load about a third of the pages a group commit wrote. reply_jobs_chat keeps the chat's jobs
 * found (a deleted chat's, by its foreign key), and a job's entry there never moves.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(db, [
    `DROP INDEX reply_jobs_chat_state`,
    `CREATE INDEX reply_jobs_chat ON reply_jobs (chat_id)`,
    `CREATE INDEX reply_jobs_chat_running ON reply_jobs (chat_id) WHERE state = 'running'`,
  ]);
}
