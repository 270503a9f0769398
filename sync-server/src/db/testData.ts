import type { Db } from './database';

/** Accounts for a repository test to hang rows on: `id@example.com`, created at `at`. */
export async function addUsers(db: Db, ids: string[], at = 0): Promise<void> {
  await db
    .insertInto('users')
    .values(
      ids.map((id) => ({
        id,
        email: `${id}@example.com`,
        password_hash: 'h',
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}
