import Router from '@koa/router';
import {
  PROFILE_IMAGE_FIELD,
  PROFILE_IMAGE_MAX_BYTES,
  profileImageMessages,
} from '@shared/account';
import { profileUpdateSchema } from '@shared/account-schema';
import type { ProfileImageAnswer } from '@shared/account';
import type { PublicUser } from '@shared/user';
import type { Deps } from '../deps';
import { forbidden, unauthorized } from '../http/errors';
import { enforce } from '../http/rateLimit';
import type { AppState } from '../http/types';
import { validateBody } from '../http/validate';
import { readImageForm } from '../images/multipart';
import { serveOwnImage } from '../images/serve';
import { presentUser } from './present';
import {
  findOwnProfileImage,
  removeProfilePicture,
  updateProfile,
  uploadProfilePicture,
} from './profile';
import { fileTooLarge, profileImageNotFound } from './profileImage';
import type { UserRow } from './repo';
import { entitlementOfUser } from './service';

/** Picture uploads per user per hour (each is decoded and re-encoded). */
export const PROFILE_IMAGE_UPLOADS = {
  bucket: 'profile-image-user',
  limit: 30,
  windowMs: 60 * 60 * 1000,
};

/** PATCH /users/{id} and the profile picture (POST, DELETE, GET), mounted under /api. */
export function userRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  const present = async (user: UserRow): Promise<PublicUser> =>
    presentUser(user, await entitlementOfUser(deps, { userId: user.id }));
  const signedInUser = (user: UserRow | undefined): UserRow => {
    if (!user) throw unauthorized();
    return user;
  };

  router.patch('/users/:id', async (ctx) => {
    const user = signedInUser(ctx.state.user);
    if (ctx.params.id !== user.id) {
      throw forbidden('You can only change your own profile', 'forbidden');
    }
    const update = validateBody(ctx, profileUpdateSchema);
    const updated = await updateProfile(deps, { userId: user.id, update });
    await updated.filesRemoved;
    ctx.body = await present(updated.user);
  });

  router.post('/user/profile-image', async (ctx) => {
    const user = signedInUser(ctx.state.user);
    await enforce(deps.limiter, PROFILE_IMAGE_UPLOADS, user.id);
    const form = await readImageForm(ctx, {
      field: PROFILE_IMAGE_FIELD,
      maxBytes: PROFILE_IMAGE_MAX_BYTES,
      tooLarge: fileTooLarge,
      noImage: profileImageMessages.invalidType.description,
    });
    const uploaded = await uploadProfilePicture(deps, { userId: user.id, upload: form.image });
    const answer: ProfileImageAnswer = {
      imageUrl: uploaded.imageUrl,
      user: await present(uploaded.user),
    };
    ctx.body = answer;
  });

  router.delete('/user/profile-image', async (ctx) => {
    const user = signedInUser(ctx.state.user);
    const removed = await removeProfilePicture(deps, { userId: user.id });
    ctx.body = { ok: true, user: await present(removed) };
  });

  /** Her picture, to her only: a visitor gets 401, anyone else the 404 of an unknown id. */
  router.get('/user/profile-image/:id', async (ctx) => {
    const user = signedInUser(ctx.state.user);
    const file = findOwnProfileImage(deps, { user, id: ctx.params.id ?? '' });
    await serveOwnImage(ctx, { file, type: 'image/webp', notFound: profileImageNotFound });
  });

  return router;
}
