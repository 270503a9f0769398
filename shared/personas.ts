import type { SubscriptionTier } from './user';

export type PersonaTier = 'free' | 'paid';

export interface Persona {
  id: number;
  name: string;
  /** Short tagline from spec §1. */
  tagline: string;
  description: string;
  avatar: string;
  tier: PersonaTier;
}

/** The five besties (spec §1). Portraits are static files in public/personas/. */
export const PERSONAS: readonly Persona[] = [
  {
    id: 1,
    name: 'Cassie',
    tagline: 'Sweet and forgiving',
    description:
      'Your soft place to land. Cassie listens first, never judges, and always helps you see the best in yourself.',
    avatar: '/personas/cassie.svg',
    tier: 'free',
  },
  {
    id: 2,
    name: 'Brooke',
    tagline: 'Bold and sassy',
    description:
      'Brooke tells it like it is. She hypes you up, calls out nonsense and helps you stand your ground.',
    avatar: '/personas/brooke.svg',
    tier: 'paid',
  },
  {
    id: 3,
    name: 'Elena',
    tagline: 'Calm and thoughtful',
    description:
      'Elena slows things down. She helps you untangle big feelings and think a situation through, step by step.',
    avatar: '/personas/elena.svg',
    tier: 'paid',
  },
  {
    id: 4,
    name: 'NeNe',
    tagline: 'Bold and dramatic',
    description:
      'NeNe lives for the tea. Every story gets her full, dramatic attention, and she is always on your side.',
    avatar: '/personas/nene.svg',
    tier: 'paid',
  },
  {
    id: 5,
    name: 'Summer',
    tagline: 'Bubbly and flirty',
    description:
      'Summer brings the sunshine. Crushes, dates and glow-ups: she makes everything feel a little more fun.',
    avatar: '/personas/summer.svg',
    tier: 'paid',
  },
];

export const DEFAULT_PERSONA_ID = 1;

/**
 * The bestie's greeting (spec §2): the welcome of a chat with her, and the first message the
 * server stores in a chat made from the persona picker.
 */
export function personaGreeting(persona: Pick<Persona, 'name' | 'description'>): string {
  return `Hey! I'm ${persona.name}. ${persona.description} What's on your mind today?`;
}

export function personaById(id: number): Persona | undefined {
  return PERSONAS.find((persona) => persona.id === id);
}

/** Which besties a tier unlocks (spec §6): basic is Cassie only, premium and vip are everyone. */
export function canUsePersona(tier: SubscriptionTier, persona: Persona): boolean {
  if (persona.tier === 'free') return true;
  return tier === 'premium' || tier === 'vip';
}

/**
 * Whether a tier gets a persona's replies in full (spec §1, §6): free gets only teasers, basic
 * (day plan) gets Cassie in full, premium and vip everyone. Crisis replies are always in full.
 */
export function canUsePersonaFully(tier: SubscriptionTier, persona: Persona): boolean {
  if (tier === 'free') return false;
  return canUsePersona(tier, persona);
}
