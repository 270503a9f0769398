import type { LegacyDb as Db } from '../db/open';
import type { StoredFormat } from './process';

export interface ImageRow {
  id: string;
  userId: string;
  format: StoredFormat;
  bytes: number;
  width: number;
  height: number;
  createdAt: number;
}

const COLUMNS = `id, user_id AS userId, format, bytes, width, height, created_at AS createdAt`;

export function insertImage(db: Db, row: ImageRow): void {
  db.prepare(
    `INSERT INTO images (id, user_id, format, bytes, width, height, created_at)
     VALUES (@id, @userId, @format, @bytes, @width, @height, @createdAt)`,
  ).run(row);
}

export function findImage(db: Db, id: string): ImageRow | undefined {
  return db.prepare<[string], ImageRow>(`SELECT ${COLUMNS} FROM images WHERE id = ?`).get(id);
}

/** Her images among `ids` (anyone else's are left out). */
export function findOwnImages(db: Db, userId: string, ids: string[]): ImageRow[] {
  if (ids.length === 0) return [];
  return db
    .prepare<string[], ImageRow>(
      `SELECT ${COLUMNS} FROM images WHERE user_id = ? AND id IN (${ids.map(() => '?').join(', ')})`,
    )
    .all(userId, ...ids);
}

/** Every image of hers, oldest first (sent in a message or not). */
export function listImagesOf(db: Db, userId: string): ImageRow[] {
  return db
    .prepare<[string], ImageRow>(
      `SELECT ${COLUMNS} FROM images WHERE user_id = ? ORDER BY created_at, id`,
    )
    .all(userId);
}

export function deleteImage(db: Db, id: string): void {
  db.prepare('DELETE FROM images WHERE id = ?').run(id);
}
