import { z } from 'zod';
import { THEMES } from './theme';
import { AGE_RANGES, SUBSCRIPTION_TIERS } from './user';

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
  /** The theme she chose on her account, so a new device starts in it; null: none yet. */
  theme: z.enum(THEMES).nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
