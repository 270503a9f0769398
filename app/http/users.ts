import {
  PROFILE_IMAGE_FIELD,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  profileImageMessages,
  type ProfileImageAnswer,
} from '@shared/account';
import type { PublicUser } from '@shared/user';
import { apiJson } from './client';

/**
 * Her profile picture. Unlike her other writes these need the network (a picture is a file the
 * server re-encodes, not a field), so they are calls, not outbox mutations; her name, age range,
 * location and theme go through the outbox (db/outbox.ts queueProfileUpdate).
 */

export const PROFILE_IMAGE_PATH = '/api/user/profile-image';

/** Why the device refuses a picture before sending it (spec §5), or null when it may go. */
export function profileImageProblem(
  file: Pick<File, 'type' | 'size'>,
): { title: string; description: string } | null {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return profileImageMessages.invalidType;
  }
  if (file.size >= PROFILE_IMAGE_MAX_BYTES) return profileImageMessages.tooLarge;
  return null;
}

export function uploadProfileImage(file: Blob): Promise<ProfileImageAnswer> {
  const form = new FormData();
  const name = file instanceof File && file.name ? file.name : 'profile';
  form.append(PROFILE_IMAGE_FIELD, file, name);
  return apiJson<ProfileImageAnswer>('POST', PROFILE_IMAGE_PATH, form);
}

export function removeProfileImage(): Promise<{ ok: true; user: PublicUser }> {
  return apiJson<{ ok: true; user: PublicUser }>('DELETE', PROFILE_IMAGE_PATH);
}
