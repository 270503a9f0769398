import type { Db } from '../db/database';
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

const COLUMNS = [
  'id',
  'user_id as userId',
  'format',
  'bytes',
  'width',
  'height',
  'created_at as createdAt',
] as const;

export async function insertImage(db: Db, row: ImageRow): Promise<void> {
  await db
    .insertInto('images')
    .values({
      id: row.id,
      user_id: row.userId,
      format: row.format,
      bytes: row.bytes,
      width: row.width,
      height: row.height,
      created_at: row.createdAt,
    })
    .execute();
}

export async function findImage(db: Db, id: string): Promise<ImageRow | undefined> {
  return db.selectFrom('images').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Her images among `ids` (anyone else's are left out). */
export async function findOwnImages(db: Db, userId: string, ids: string[]): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('images')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

/** Every image of hers, oldest first (sent in a message or not). */
export async function listImagesOf(db: Db, userId: string): Promise<ImageRow[]> {
  return db
    .selectFrom('images')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Deletes the images `ids`, in one statement. */
export async function deleteImagesByIds(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('images').where('id', 'in', ids).execute();
}
