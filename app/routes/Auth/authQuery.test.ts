import { describe, expect, it } from 'vitest';
import { DEFAULT_DESTINATION, destinationAfterAuth, initialTab } from './authQuery';

const query = (search: string) => new URLSearchParams(search);

describe('initialTab', () => {
  it('opens Sign Up for signup=true, ref=landing, trial=true and ref=success', () => {
    for (const search of ['signup=true', 'ref=landing', 'trial=true', 'ref=success']) {
      expect(initialTab(query(search))).toBe('signup');
    }
  });

  it('opens Log In otherwise, and always for mode=login', () => {
    for (const search of ['', 'ref=login', 'signup=false', 'mode=login&signup=true']) {
      expect(initialTab(query(search))).toBe('login');
    }
  });
});

describe('destinationAfterAuth', () => {
  it('goes to a same-site redirect path with its query', () => {
    expect(destinationAfterAuth(query('redirect=%2Fchat%2Fabc%3Fnew%3D1'))).toBe('/chat/abc?new=1');
  });

  it.each([
    '',
    'redirect=',
    'redirect=%2F%2Fevil.example',
    'redirect=https%3A%2F%2Fevil.example%2F',
    'redirect=javascript%3Aalert(1)',
    'redirect=%2Fauth%3Fredirect%3D%252Fsettings',
  ])('falls back to chat with Cassie for %s', (search) => {
    expect(destinationAfterAuth(query(search))).toBe(DEFAULT_DESTINATION);
  });
});
