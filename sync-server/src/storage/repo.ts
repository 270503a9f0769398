import type { Db } from '../db/database';
import { prepared } from '../db/prepared';

/** Her stored bytes: users.storage_bytes, kept by the triggers of migration 010. */
export async function usedBytes(db: Db, userId: string): Promise<number> {
  const row = await storageBytesOfUser.executeTakeFirst(db, { userId });
  return row?.bytes ?? 0;
}

const storageBytesOfUser = prepared((db, values: { userId: string }) =>
  db.selectFrom('users').select('storage_bytes as bytes').where('id', '=', values.userId),
);

/** The size of the profile picture her row points at now (0 when none, or not recorded). */
export async function currentPictureBytes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .innerJoin('profile_image_files as files', 'files.url', 'users.profile_image')
    .select('files.bytes')
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row?.bytes ?? 0;
}

/** Notes a picture file's size; it counts once her row points at `url`. */
export async function recordPictureFile(
  db: Db,
  row: { url: string; userId: string; bytes: number; createdAt: number },
): Promise<void> {
  await db
    .insertInto('profile_image_files')
    .values({ url: row.url, user_id: row.userId, bytes: row.bytes, created_at: row.createdAt })
    .execute();
}
