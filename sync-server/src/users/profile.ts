import { rm } from 'node:fs/promises';
import type { z } from 'zod';
import type { profileUpdateSchema } from '@shared/account-schema';
import { afterCommit, inTransaction } from '../db/database';
import type { Deps } from '../deps';
import { AppError, notFound } from '../http/errors';
import { changeFeed } from '../sync/notify';
import {
  isCurrentPictureUrl,
  makeThumbnail,
  PROFILE_IMAGE_ID_PATTERN,
  profileImageFile,
  profileImageIdOf,
  profileImageNotFound,
  profileImageUrlOf,
  removeProfileImageFile,
  writeProfileImage,
} from './profileImage';
import * as repo from './repo';
import type { ProfileChanges, UserRow } from './repo';

/** A profile change as the shared schema leaves it (trimmed; '' is null). */
export type ProfileUpdateInput = z.output<typeof profileUpdateSchema>;

export const invalidProfileImage = () =>
  new AppError(
    400,
    'invalid_profile_image',
    "profileImage can only be your current picture's URL or null; upload a new picture through /api/user/profile-image",
  );

export interface ProfileUpdated {
  /** Her row as it now is. */
  user: UserRow;
  /**
   * Settles once a picture she removed is gone from disk too (never rejects). The file goes
   * once the change has committed: when the change ran inside a caller's transaction (a sync
   * push), once that one has; never, when that one was undone.
   */
  filesRemoved: Promise<void>;
}

/**
 * Her profile change, from PATCH /api/users/{id} and from the updateProfile sync mutation alike:
 * only the fields present change (name, metadata.ageRange or its alias metadata.age,
 * metadata.location, theme). `profileImage: null` removes her picture (row at once, file just
 * after); her current picture's URL (also absolute on PUBLIC_URL) changes nothing; any other
 * value (another user's picture, an outside URL, anything not a URL) is refused (400) and
 * nothing changes. Runs in the caller's transaction when `deps.db` is one (a sync push).
 */
export async function updateProfile(
  deps: Deps,
  props: { userId: string; update: ProfileUpdateInput },
): Promise<ProfileUpdated> {
  const { update } = props;
  const changes: ProfileChanges = {};
  if (update.name !== undefined) changes.name = update.name;
  const ageRange =
    update.metadata?.ageRange !== undefined ? update.metadata.ageRange : update.metadata?.age;
  if (ageRange !== undefined) changes.ageRange = ageRange;
  if (update.metadata?.location !== undefined) changes.location = update.metadata.location;
  if (update.theme !== undefined) changes.theme = update.theme;

  const replaced = await inTransaction(deps.db, async (db) => {
    const current = await repo.findUserById(db, props.userId);
    if (!current) throw notFound('User not found');
    let removedUrl: string | null = null;
    if (update.profileImage === null) {
      changes.profileImage = null;
      removedUrl = current.profileImage;
    } else if (
      update.profileImage !== undefined &&
      !isCurrentPictureUrl(update.profileImage, {
        current: current.profileImage,
        publicUrl: deps.config.publicUrl,
      })
    ) {
      throw invalidProfileImage();
    }
    await repo.updateProfileFields(db, { id: props.userId, changes, updatedAt: deps.now() });
    const user = await repo.findUserById(db, props.userId);
    if (!user) throw new Error('The user row was not found after its update');
    // Her other devices fetch her account again (GET /api/sync/events).
    afterCommit(db, () => changeFeed(deps.db).changed(props.userId, 'account'));
    return { user, removedUrl };
  });

  const filesRemoved = new Promise<void>((resolve) => {
    afterCommit(deps.db, () => {
      resolve(
        removeProfileImageFile(deps, { userId: props.userId, url: replaced.removedUrl }).catch(
          (error: unknown) => {
            deps.logger.error({ err: error }, 'could not remove a profile picture file');
          },
        ),
      );
    });
  });
  return { user: replaced.user, filesRemoved };
}

/** DELETE /api/user/profile-image: her picture gone (row and file); fine when she has none. */
export async function removeProfilePicture(
  deps: Deps,
  props: { userId: string },
): Promise<UserRow> {
  const { user, filesRemoved } = await updateProfile(deps, {
    userId: props.userId,
    update: { profileImage: null },
  });
  await filesRemoved;
  return user;
}

/**
 * POST /api/user/profile-image: checks and re-encodes the upload (users/profileImage.ts), keeps
 * it under a name the server makes, points her row at it, and only then removes the picture it
 * replaced. A refused upload changes nothing.
 */
export async function uploadProfilePicture(
  deps: Deps,
  props: { userId: string; upload: Buffer },
): Promise<{ imageUrl: string; user: UserRow }> {
  const bytes = await makeThumbnail(props.upload);
  const { id, file } = await writeProfileImage(deps, { userId: props.userId, bytes });
  const imageUrl = profileImageUrlOf(id);
  let swapped: { user: UserRow; previous: string | null };
  try {
    swapped = await inTransaction(deps.db, async (db) => {
      const current = await repo.findUserById(db, props.userId);
      if (!current) throw notFound('User not found');
      await repo.updateProfileFields(db, {
        id: props.userId,
        changes: { profileImage: imageUrl },
        updatedAt: deps.now(),
      });
      const user = await repo.findUserById(db, props.userId);
      if (!user) throw new Error('The user row was not found after its update');
      afterCommit(db, () => changeFeed(deps.db).changed(props.userId, 'account'));
      return { user, previous: current.profileImage };
    });
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  await removeProfileImageFile(deps, { userId: props.userId, url: swapped.previous }).catch(
    (error: unknown) => {
      deps.logger.error({ err: error }, 'could not remove a profile picture file');
    },
  );
  return { imageUrl, user: swapped.user };
}

/**
 * The file of her current picture with this id. Anyone else's, an old picture or an id that
 * never was is the same 404; the id is checked before it comes near a path.
 */
export function findOwnProfileImage(
  deps: Deps,
  props: { user: Pick<UserRow, 'id' | 'profileImage'>; id: string },
): string {
  if (!PROFILE_IMAGE_ID_PATTERN.test(props.id)) throw profileImageNotFound();
  if (profileImageIdOf(props.user.profileImage) !== props.id) throw profileImageNotFound();
  return profileImageFile(deps.config.dataDir, { userId: props.user.id, id: props.id });
}
