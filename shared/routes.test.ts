import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './routes';

describe('safeRedirectPath', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeRedirectPath('/chat?bestie=cassie')).toBe('/chat?bestie=cassie');
    expect(safeRedirectPath('/settings#data')).toBe('/settings#data');
    expect(safeRedirectPath('/a/../chat')).toBe('/chat');
  });

  it.each([
    '//evil.example',
    '/..//evil.example',
    '/../..//evil.example/x',
    '/./..//evil.example',
    '/%2e%2e//evil.example',
    '/\\evil.example',
    '/..\\/evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    'chat',
    '',
    '/\tchat',
  ])('refuses %j, which would leave the site or is no path', (redirect) => {
    const path = safeRedirectPath(redirect);
    expect(path === null || (!path.startsWith('//') && !path.startsWith('/\\'))).toBe(true);
    if (path !== null)
      expect(new URL(path, 'https://besties.example').host).toBe('besties.example');
  });

  it('refuses the reported "/..//evil.example" outright', () => {
    expect(safeRedirectPath('/..//evil.example')).toBeNull();
  });
});
