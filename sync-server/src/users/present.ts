import { isTheme } from '@shared/theme';
import { AGE_RANGES } from '@shared/user';
import type { PublicUser, SubscriptionTier } from '@shared/user';
import type { UserRow } from './repo';

type AgeRange = (typeof AGE_RANGES)[number];

const isAgeRange = (value: string | null): value is AgeRange =>
  value !== null && (AGE_RANGES as readonly string[]).includes(value);

/** The account as the API shows it: exactly PublicUser, field by field (never the hash). */
export function presentUser(
  user: UserRow,
  plan: { tier: SubscriptionTier; endsAt: number | null },
): PublicUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    profileImage: user.profileImage,
    subscriptionTier: plan.tier,
    subscriptionEndsAt: plan.endsAt === null ? null : new Date(plan.endsAt).toISOString(),
    metadata: {
      ageRange: isAgeRange(user.ageRange) ? user.ageRange : null,
      location: user.location,
    },
    theme: isTheme(user.theme) ? user.theme : null,
  };
}
