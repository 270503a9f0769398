import { describe, expect, it } from 'vitest';
import { publicUserSchema } from '@shared/user-schema';
import { presentUser } from './present';
import type { UserRow } from './repo';

const row: UserRow = {
  id: 'a1',
  email: 'ann@example.com',
  passwordHash: 'scrypt$131072$8$1$salt$hash',
  name: 'Ann',
  profileImage: '/uploads/a1.png',
  ageRange: '25-34',
  location: 'Austin, TX',
  theme: 'dark',
  createdAt: 1,
  updatedAt: 2,
};

describe('presentUser', () => {
  it('shows exactly the public fields', () => {
    const user = presentUser(row, { tier: 'premium', endsAt: Date.UTC(2030, 0, 2) });
    expect(publicUserSchema.strict().parse(user)).toEqual({
      id: 'a1',
      email: 'ann@example.com',
      name: 'Ann',
      profileImage: '/uploads/a1.png',
      subscriptionTier: 'premium',
      subscriptionEndsAt: '2030-01-02T00:00:00.000Z',
      metadata: { ageRange: '25-34', location: 'Austin, TX' },
      theme: 'dark',
    });
    expect(JSON.stringify(user)).not.toContain('scrypt');
  });

  it('shows a plan without an end (free, or for ever) as subscriptionEndsAt null', () => {
    expect(presentUser(row, { tier: 'vip', endsAt: null }).subscriptionEndsAt).toBeNull();
  });

  it('shows no theme, or one we do not know, as null', () => {
    const plan = { tier: 'free', endsAt: null } as const;
    expect(presentUser({ ...row, theme: null }, plan).theme).toBeNull();
    expect(presentUser({ ...row, theme: 'neon' }, plan).theme).toBeNull();
  });

  it('shows an unknown age range as null', () => {
    expect(
      presentUser({ ...row, ageRange: '12-17' }, { tier: 'free', endsAt: null }).metadata.ageRange,
    ).toBeNull();
  });
});
