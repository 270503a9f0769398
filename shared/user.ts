import { z } from 'zod';
import { THEMES } from './theme';

export const AGE_RANGES = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;

export const SUBSCRIPTION_TIERS = ['free', 'basic', 'premium', 'vip'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/** The account as every API answer shows it (spec §3). Never more than this. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  profileImage: z.string().nullable(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  /** When her plan ends (ISO); null when she is free or her plan lasts for ever. */
  subscriptionEndsAt: z.string().nullable(),
  metadata: z.object({
    ageRange: z.enum(AGE_RANGES).nullable(),
    location: z.string().nullable(),
  }),
  /** The theme she chose on her account (issue 12), so a new device starts in it; null: none yet. */
  theme: z.enum(THEMES).nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

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
