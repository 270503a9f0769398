import type { PublicUser } from './user-schema';

/* The account's words and helpers, without zod (the chat screen loads them before its first
 * paint); its schema is in ./user-schema. */
export type { PublicUser } from './user-schema';

export const AGE_RANGES = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;

export const SUBSCRIPTION_TIERS = ['free', 'basic', 'premium', 'vip'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/** Spec §3: name, else the part of the email before the at-sign, else 'User'. */
export function displayName(user: Pick<PublicUser, 'name' | 'email'> | null | undefined): string {
  const name = user?.name?.trim();
  if (name) return name;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'User';
}

/** Spec §2 Settings: the tier label, 'Free Trial' when none. */
export function tierLabel(tier: SubscriptionTier | null | undefined): string {
  switch (tier) {
    case 'basic':
      return 'Bestie for the Day';
    case 'premium':
      return 'Premium Bestie';
    case 'vip':
      return 'VIP Bestie';
    default:
      return 'Free Trial';
  }
}
