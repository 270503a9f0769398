import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import {
  PROFILE_IMAGE_MAX_PIXELS,
  PROFILE_IMAGE_SIZE,
  profileImageMessages,
} from '@shared/account';
import type { Deps } from '../deps';
import { AppError, notFound } from '../http/errors';
import { ownUrlId } from '../images/serve';
import { sniffImageFormat } from '../images/sniff';
import { currentPictureBytes, ensureRoomFor, recordPictureFile } from '../storage/service';

/** Where her picture is served; the id is ours (16 random bytes, base64url). */
export const PROFILE_IMAGE_PATH = '/api/user/profile-image';
export const PROFILE_IMAGE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const profileImageUrlOf = (id: string) => `${PROFILE_IMAGE_PATH}/${id}`;

export const invalidFileType = () =>
  new AppError(400, 'invalid_file_type', profileImageMessages.invalidType.description);
export const fileTooLarge = () =>
  new AppError(413, 'file_too_large', profileImageMessages.tooLarge.description);
export const tooManyPixels = () =>
  new AppError(400, 'too_many_pixels', profileImageMessages.tooManyPixels);
export const profileImageNotFound = () => notFound('Image not found');

/** DATA_DIR/profile-images: one folder per user, files named by the server only. */
export const profileImagesDir = (dataDir: string) => path.join(dataDir, 'profile-images');

/**
 * Where a picture lives. Both parts are ours (her user id, a random id checked against
 * PROFILE_IMAGE_ID_PATTERN), so nothing a client sent ever becomes part of a path.
 */
export function profileImageFile(dataDir: string, image: { userId: string; id: string }): string {
  if (!PROFILE_IMAGE_ID_PATTERN.test(image.id)) throw new Error('Not a profile image id');
  return path.join(profileImagesDir(dataDir), image.userId, `${image.id}.webp`);
}

/** The id of one of our picture URLs (`/api/user/profile-image/{id}`, also absolute), else undefined. */
export function profileImageIdOf(url: string | null | undefined): string | undefined {
  return ownUrlId(url, PROFILE_IMAGE_PATH, PROFILE_IMAGE_ID_PATTERN);
}

/**
 * Whether a `profileImage` sent back names her current picture: the URL the server gave her
 * (GET /api/user, the upload answer), or that URL made absolute on the server's own address
 * (PUBLIC_URL), as a browser's img.src reads it. Not the request's host, so a replayed sync
 * mutation gets the same answer wherever it arrives.
 */
export function isCurrentPictureUrl(
  sent: string,
  props: { current: string | null; publicUrl: string },
): boolean {
  const { current } = props;
  if (current === null) return false;
  if (sent === current) return true;
  if (!current.startsWith(`${PROFILE_IMAGE_PATH}/`)) return false;
  try {
    return new URL(sent).href === new URL(current, props.publicUrl).href;
  } catch {
    return false;
  }
}

/**
 * Checks an untrusted upload and makes her thumbnail: JPEG, PNG or WebP by its bytes (and
 * libvips agreeing), the pixel count from its header before any pixel is decoded, then the
 * EXIF orientation applied, a PROFILE_IMAGE_SIZE square cut from the centre, and a fresh WebP
 * with no metadata (EXIF, GPS, XMP, ICC stay behind).
 */
export async function makeThumbnail(upload: Buffer): Promise<Buffer> {
  const sniffed = sniffImageFormat(upload);
  if (sniffed !== 'jpeg' && sniffed !== 'png' && sniffed !== 'webp') throw invalidFileType();
  let header: Metadata;
  try {
    // The header only; no limit here, so a huge size is ours to refuse with its words.
    header = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw invalidFileType();
  }
  if (header.format !== sniffed || !header.width || !header.height) throw invalidFileType();
  const height = header.pageHeight ?? header.height;
  if (header.width * height > PROFILE_IMAGE_MAX_PIXELS) throw tooManyPixels();
  try {
    return await sharp(upload, { limitInputPixels: PROFILE_IMAGE_MAX_PIXELS, pages: 1 })
      .rotate()
      .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (error) {
    // A header that lied about its pixels, or a broken file: not a picture we can use.
    if (/pixel limit/i.test(String((error as Error).message))) throw tooManyPixels();
    throw invalidFileType();
  }
}

/**
 * Writes a new picture file of hers (folders 0700, file 0600) and answers its id. Refused
 * (413, nothing written) when it would take her past her storage quota, counting the picture
 * it replaces as freed; its size is noted so it counts once her row points at it.
 */
export async function writeProfileImage(
  deps: Pick<Deps, 'config' | 'db' | 'now'>,
  props: { userId: string; bytes: Buffer },
): Promise<{ id: string; file: string }> {
  const { userId } = props;
  await ensureRoomFor(deps, {
    userId,
    bytes: props.bytes.length,
    freed: await currentPictureBytes(deps, { userId }),
  });
  const id = randomBytes(16).toString('base64url');
  const file = profileImageFile(deps.config.dataDir, { userId, id });
  await mkdir(profileImagesDir(deps.config.dataDir), { recursive: true, mode: 0o700 });
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, props.bytes, { mode: 0o600, flag: 'wx' });
  await recordPictureFile(deps, {
    url: profileImageUrlOf(id),
    userId,
    bytes: props.bytes.length,
  });
  return { id, file };
}

/** Removes the file behind one of her picture URLs (nothing when it is not one of ours). */
export async function removeProfileImageFile(
  deps: Pick<Deps, 'config'>,
  props: { userId: string; url: string | null | undefined },
): Promise<void> {
  const id = profileImageIdOf(props.url);
  if (!id) return;
  await rm(profileImageFile(deps.config.dataDir, { userId: props.userId, id }), { force: true });
}

/** Removes DATA_DIR/profile-images/{userId} with every file in it (her account is going). */
export async function removeProfileImages(
  deps: Pick<Deps, 'config'>,
  props: { userId: string },
): Promise<void> {
  if (!props.userId || props.userId.includes('/') || props.userId.includes('\\')) return;
  if (props.userId === '.' || props.userId === '..') return;
  await rm(path.join(profileImagesDir(deps.config.dataDir), props.userId), {
    recursive: true,
    force: true,
  });
}
