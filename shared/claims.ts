import type { PurchaseView } from './payments';
import type { SubscriptionTier } from './user';

export type { ClaimPurchaseBody } from './payments-schema';

/**
 * A visitor's purchase is claimed with the link mailed to its billing email (docs/API.md,
 * Plans and payments): `${PUBLIC_URL}/auth?claim=<token>`, opened signed in, or followed by a
 * sign-up or log-in.
 */
export const CLAIM_QUERY = 'claim';

export const claimMessages = {
  added: 'Plan added!',
  addedDescription: 'Your purchase is now on your account.',
  willBeAdded: 'Your purchase will be added to the account you sign in to.',
  failed: "We couldn't add your purchase",
  notFound: 'This purchase link is not valid. Please use the link from your email.',
  used: 'This purchase link has already been used.',
  expired: 'This purchase link has expired.',
  gone: 'This purchase can no longer be added to an account.',
  taken: 'This purchase is already on another account.',
} as const;

/** POST /api/purchases/claim's answer: the purchase now hers, and her plan with it. */
export interface ClaimPurchaseAnswer {
  purchase: PurchaseView;
  subscriptionTier: SubscriptionTier;
  subscriptionEndsAt: string | null;
}
