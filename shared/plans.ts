import type { SubscriptionTier } from './user';

export const PLAN_IDS = ['bestie-day', 'bestie-month', 'bestie-year', 'bestie-lifetime'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type PlanPeriod = 'day' | 'month' | 'year' | 'lifetime';

export interface Plan {
  id: PlanId;
  name: string;
  price: string;
  /** Price in US cents; the client shows `price`, the server charges this. */
  priceCents: number;
  priceValue: number;
  period: PlanPeriod;
  description: string;
  tier: Exclude<SubscriptionTier, 'free'>;
  popular: boolean;
  features: string[];
  note: string;
}

/** What the month and the year give alike. */
const ALL_BESTIES = [
  'All five besties',
  'Priority response',
  'Image analysis',
  'VIP support',
  'Future besties included',
];

/** The plan catalogue (spec §6, §9). */
export const PLANS: readonly Plan[] = [
  {
    id: 'bestie-day',
    name: 'Bestie for the Day',
    price: '$4.99',
    priceCents: 499,
    priceValue: 4.99,
    period: 'day',
    description: 'Cassie chat and image analysis for 24 hours',
    tier: 'basic',
    popular: false,
    features: ['Unlimited chats with Cassie', 'Image analysis', 'Lasts 24 hours'],
    note: 'One-time payment. No auto-renewal.',
  },
  {
    id: 'bestie-month',
    name: 'Bestie for the Month',
    price: '$14.99',
    priceCents: 1499,
    priceValue: 14.99,
    period: 'month',
    description: 'All besties for 30 days: just 50 cents per day',
    tier: 'premium',
    popular: true,
    features: [...ALL_BESTIES],
    note: 'Just 50 cents per day.',
  },
  {
    id: 'bestie-year',
    name: 'Bestie for the Year',
    price: '$99.99',
    priceCents: 9999,
    priceValue: 99.99,
    period: 'year',
    description: 'All besties for a whole year',
    tier: 'premium',
    popular: false,
    features: [...ALL_BESTIES],
    note: 'Save 44% vs monthly',
  },
  {
    id: 'bestie-lifetime',
    name: 'Bestie for Life',
    price: '$199.99',
    priceCents: 19999,
    priceValue: 199.99,
    period: 'lifetime',
    description: 'All besties forever. Best value!',
    tier: 'vip',
    popular: false,
    features: [
      'All besties forever',
      'Fastest response',
      'Enhanced image analysis',
      'Priority access to new features',
      'All future besties',
    ],
    note: 'Limited time only! Most girls pick this one.',
  },
];

export const DEFAULT_PLAN_ID: PlanId = 'bestie-month';

/**
 * What free chat is, said wherever the app offers it, beside the spec's own words
 * ('Start chatting free', 'Sign Up Free', 'Free Trial'), which stay as they are.
 */
export const FREE_CHAT_IS = 'Free chat is with Cassie: you read the first line of each reply.';

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function planById(id: string | null | undefined): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}
