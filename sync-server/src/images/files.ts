import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredFormat } from './process';

/** DATA_DIR/images: one folder per user, files named by the server only. */
export const imagesDir = (dataDir: string) => path.join(dataDir, 'images');

/**
 * Where an image lives. Both parts are ours (her user id, a random id checked against
 * IMAGE_ID_PATTERN), so nothing a client sent ever becomes part of a path.
 */
export function imageFile(
  dataDir: string,
  image: { userId: string; id: string; format: StoredFormat },
): string {
  return path.join(imagesDir(dataDir), image.userId, `${image.id}.${image.format}`);
}

export async function writeImageFile(file: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
}

export async function removeImageFile(file: string): Promise<void> {
  await rm(file, { force: true });
}
