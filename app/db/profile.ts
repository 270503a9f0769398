import type { ProfileUpdate } from '@shared/account';
import type { PublicUser } from '@shared/user';

/**
 * Her account with a profile change applied, as the server applies it: only the fields sent
 * change (`metadata.age` is the spec's short name for `metadata.ageRange`). The change is one
 * `normalizedProfile` returned (./normalizeProfile): trimmed, '' as null. No zod here: the
 * chat screen applies her waiting changes before its first paint.
 */
export function applyProfile(user: PublicUser, change: ProfileUpdate): PublicUser {
  const { name, profileImage, metadata, theme } = change;
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
