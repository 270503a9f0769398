import { describe, expect, it } from 'vitest';
import { keptUserAgent } from './sessions';

describe('keptUserAgent', () => {
  it('keeps the user agent trimmed, at most 300 characters', () => {
    expect(keptUserAgent('  curl/8.5.0 \n')).toBe('curl/8.5.0');
    const kept = keptUserAgent(`Mozilla/5.0 ${'x'.repeat(500)}`);
    expect(kept).toHaveLength(300);
    expect(kept?.startsWith('Mozilla/5.0 x')).toBe(true);
  });

  it('keeps nothing (null) for an empty or missing one', () => {
    expect(keptUserAgent('   ')).toBeNull();
    expect(keptUserAgent('')).toBeNull();
    expect(keptUserAgent(undefined)).toBeNull();
  });
});
