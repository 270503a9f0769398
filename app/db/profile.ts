import { profileUpdateSchema, type ProfileUpdate } from '@shared/account';
import type { PublicUser } from '@shared/user';

/** A profile change as the server will store it: trimmed, '' as null (the shared schema's rules). */
export function normalizedProfile(profile: ProfileUpdate): ProfileUpdate {
  return profileUpdateSchema.parse(profile);
}

/**
 * Her account with a profile change applied, as the server applies it: only the fields sent
 * change (`metadata.age` is the spec's short name for `metadata.ageRange`).
 */
export function applyProfile(user: PublicUser, change: ProfileUpdate): PublicUser {
  const { name, profileImage, metadata, theme } = normalizedProfile(change);
  const ageRange = metadata?.ageRange !== undefined ? metadata.ageRange : metadata?.age;
  return {
    ...user,
    ...(name !== undefined && { name }),
    ...(profileImage !== undefined && { profileImage }),
    ...(theme !== undefined && { theme }),
    metadata: {
      ageRange: ageRange !== undefined ? ageRange : user.metadata.ageRange,
      location: metadata?.location !== undefined ? metadata.location : user.metadata.location,
    },
  };
}
