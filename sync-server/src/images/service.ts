import { randomBytes } from 'node:crypto';
import { chatMessages } from '@shared/chat-messages';
import { IMAGE_ID_PATTERN, IMAGES_PATH, imageUrlOf } from '@shared/ocr-api';
import { afterCommit, inTransaction } from '../db/database';
import type { Deps } from '../deps';
import { notFound, validation } from '../http/errors';
import { ensureRoomFor, ensureWithinQuota } from '../storage/service';
import { imageFile, removeImageFile, writeImageFile } from './files';
import { cleanImage } from './process';
import { ownUrlId } from './serve';
import * as repo from './repo';
import type { ImageRow } from './repo';

export const imageNotFound = () => notFound('Image not found');

export interface StoredImage {
  row: ImageRow;
  /** The re-encoded bytes, as stored (what OCR reads). */
  bytes: Buffer;
}

/**
 * Checks and re-encodes an upload (images/process.ts), then keeps it as hers under a name the
 * server makes. Nothing of the upload's name, type or metadata is kept. An image that would
 * take her past her storage quota is refused (413) and not kept.
 */
export async function storeImage(
  deps: Deps,
  props: { userId: string; upload: Buffer },
): Promise<StoredImage> {
  const clean = await cleanImage(props.upload);
  await ensureRoomFor(deps, { userId: props.userId, bytes: clean.bytes.length });
  const row: ImageRow = {
    id: randomBytes(16).toString('base64url'),
    userId: props.userId,
    format: clean.format,
    bytes: clean.bytes.length,
    width: clean.width,
    height: clean.height,
    createdAt: deps.now(),
  };
  const file = imageFile(deps.config.dataDir, row);
  await writeImageFile(file, clean.bytes);
  try {
    await inTransaction(deps.db, async (db) => {
      await repo.insertImage(db, row);
      await ensureWithinQuota({ ...deps, db }, { userId: props.userId });
    });
  } catch (error) {
    await removeImageFile(file);
    throw error;
  }
  return { row, bytes: clean.bytes };
}

/** Her image and its file; 404 for a bad id, someone else's image or no user at all. */
export async function findOwnImage(
  deps: Deps,
  props: { userId: string | undefined; id: string },
): Promise<{ row: ImageRow; file: string }> {
  if (!props.userId || !IMAGE_ID_PATTERN.test(props.id)) throw imageNotFound();
  const row = await repo.findImage(deps.db, props.id);
  if (!row || row.userId !== props.userId) throw imageNotFound();
  return { row, file: imageFile(deps.config.dataDir, row) };
}

/**
 * Every image she uploaded with its file, whether a message of hers shows it or not (a
 * screenshot read but never sent stays hers until her account goes).
 */
export async function listOwnImages(
  deps: Pick<Deps, 'db' | 'config'>,
  props: { userId: string },
): Promise<Array<{ row: ImageRow; file: string }>> {
  return (await repo.listImagesOf(deps.db, props.userId)).map((row) => ({
    row,
    file: imageFile(deps.config.dataDir, row),
  }));
}

/** The id of one of our image URLs (`/api/images/{id}`, also absolute), else undefined. */
export function imageIdOf(url: string | null | undefined): string | undefined {
  return ownUrlId(url, IMAGES_PATH, IMAGE_ID_PATTERN);
}

/**
 * A message's `imageUrl` is drawn on every render and kept in her export: it must be null or
 * `/api/images/{id}` of an image she stored, else 400 (nothing is stored).
 */
export async function ensureOwnImageUrl(
  deps: Deps,
  props: { userId: string; imageUrl: string | null | undefined },
): Promise<void> {
  if (props.imageUrl === null || props.imageUrl === undefined) return;
  const id = imageIdOf(props.imageUrl);
  const hers =
    id !== undefined &&
    props.imageUrl === imageUrlOf(id) &&
    (await repo.findOwnImages(deps.db, props.userId, [id])).length === 1;
  if (!hers) throw validation({ imageUrl: chatMessages.imageNotHers });
}

/**
 * Deletes her images among `urls` (anyone else's are never touched): the rows through
 * `deps.db` (so within a chat's delete transaction when given one), the files once that has
 * committed (a delete rolled back keeps them). Resolves when the rows are gone, not the files.
 */
export async function deleteImages(
  deps: Deps,
  props: { userId: string; urls: string[] },
): Promise<void> {
  const ids = [...new Set(props.urls.map(imageIdOf).filter((id) => id !== undefined))];
  const rows = await repo.findOwnImages(deps.db, props.userId, ids);
  if (rows.length === 0) return;
  await repo.deleteImagesByIds(
    deps.db,
    rows.map((row) => row.id),
  );
  const files = rows.map((row) => imageFile(deps.config.dataDir, row));
  afterCommit(deps.db, () => {
    Promise.all(files.map(removeImageFile)).catch((error: unknown) => {
      deps.logger.error({ err: error }, 'could not remove image files');
    });
  });
}
