import { profileUpdateSchema } from '@shared/account-schema';
import type { ProfileUpdate } from '@shared/account';

/**
 * A profile change as the server will store it: trimmed, '' as null (the shared schema's
 * rules). Throws on a change the schema refuses. Loaded when she changes her profile or theme.
 */
export function normalizedProfile(profile: ProfileUpdate): ProfileUpdate {
  return profileUpdateSchema.parse(profile);
}
