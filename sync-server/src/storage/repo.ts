import type { LegacyDb as Db } from '../db/open';

/** Her stored bytes: users.storage_bytes, kept by the triggers of migration 010. */
export function usedBytes(db: Db, userId: string): number {
  return (
    db
      .prepare<[string], { bytes: number }>('SELECT storage_bytes AS bytes FROM users WHERE id = ?')
      .get(userId)?.bytes ?? 0
  );
}

/** The size of the profile picture her row points at now (0 when none, or not recorded). */
export function currentPictureBytes(db: Db, userId: string): number {
  return (
    db
      .prepare<[string], { bytes: number }>(
        `SELECT files.bytes FROM users JOIN profile_image_files AS files
         ON files.url = users.profile_image WHERE users.id = ?`,
      )
      .get(userId)?.bytes ?? 0
  );
}

/** Notes a picture file's size; it counts once her row points at `url`. */
export function recordPictureFile(
  db: Db,
  row: { url: string; userId: string; bytes: number; createdAt: number },
): void {
  db.prepare(
    `INSERT INTO profile_image_files (url, user_id, bytes, created_at)
     VALUES (@url, @userId, @bytes, @createdAt)`,
  ).run(row);
}
