import { describe, expect, it } from 'vitest';
import { publicUserSchema } from '@shared/user';
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
  createdAt: 1,
  updatedAt: 2,
};

describe('presentUser', () => {
  it('shows exactly the public fields', () => {
    const user = presentUser(row, 'premium');
    expect(publicUserSchema.strict().parse(user)).toEqual({
      id: 'a1',
      email: 'ann@example.com',
      name: 'Ann',
      profileImage: '/uploads/a1.png',
      subscriptionTier: 'premium',
      metadata: { ageRange: '25-34', location: 'Austin, TX' },
    });
    expect(JSON.stringify(user)).not.toContain('scrypt');
  });

  it('shows an unknown age range as null', () => {
    expect(presentUser({ ...row, ageRange: '12-17' }, 'free').metadata.ageRange).toBeNull();
  });
});
