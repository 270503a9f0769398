import type { PublicUser } from '@shared/user';

/** The signed-in user of the app's tests (a free account with nothing set). */
export const USER: PublicUser = {
  id: 'user-1',
  email: 'cassie.fan@example.com',
  name: null,
  profileImage: null,
  subscriptionTier: 'free',
  subscriptionEndsAt: null,
  metadata: { ageRange: null, location: null },
  theme: null,
};
