import { STORAGE_FULL_CODE, STORAGE_FULL_MESSAGE } from '@shared/account';
import type { Deps } from '../deps';
import { AppError } from '../http/errors';
import * as repo from './repo';

/**
 * Her storage quota: what she keeps (message text with screenshot text and analyses,
 * screenshot files, her profile picture) stays within config.storageQuotaBytes. The count is
 * users.storage_bytes, kept by triggers, so a check is one row read.
 */
export const storageFull = () => new AppError(413, STORAGE_FULL_CODE, STORAGE_FULL_MESSAGE);

/** The bytes a message row adds, as the triggers count them (UTF-8). */
export function messageBytes(row: {
  content: string;
  extractedText: string | null;
  ocrAnalysis: string | null;
  ocrStructuredData: string | null;
}): number {
  return [row.content, row.extractedText, row.ocrAnalysis, row.ocrStructuredData].reduce(
    (sum, text) => sum + (text === null ? 0 : Buffer.byteLength(text, 'utf8')),
    0,
  );
}

/**
 * Throws storageFull (413) unless `bytes` more (less `freed`, what the write replaces) fit in
 * her quota. Call before the work, so a refusal stores nothing.
 */
export async function ensureRoomFor(
  deps: Pick<Deps, 'db' | 'config'>,
  props: { userId: string; bytes: number; freed?: number },
): Promise<void> {
  const after = (await repo.usedBytes(deps.db, props.userId)) - (props.freed ?? 0) + props.bytes;
  if (after > deps.config.storageQuotaBytes) throw storageFull();
}

/**
 * Throws storageFull when she is past her quota. Call inside the write's transaction, after
 * it: the throw rolls the write back (the last word when two writes race).
 */
export async function ensureWithinQuota(
  deps: Pick<Deps, 'db' | 'config'>,
  props: { userId: string },
): Promise<void> {
  if ((await repo.usedBytes(deps.db, props.userId)) > deps.config.storageQuotaBytes)
    throw storageFull();
}

/** What a new profile picture would free: the one it replaces. */
export async function currentPictureBytes(
  deps: Pick<Deps, 'db'>,
  props: { userId: string },
): Promise<number> {
  return repo.currentPictureBytes(deps.db, props.userId);
}

/** Notes the size of a picture file just written, so it counts once her row points at it. */
export async function recordPictureFile(
  deps: Pick<Deps, 'db' | 'now'>,
  props: { url: string; userId: string; bytes: number },
): Promise<void> {
  await repo.recordPictureFile(deps.db, { ...props, createdAt: deps.now() });
}
