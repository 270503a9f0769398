import { describe, expect, it } from 'vitest';
import { PERSONAS } from '@shared/personas';
import type { Persona } from '@shared/personas';
import { careLimitReply, crisisReply, replyName } from './crisis';

const cassie = PERSONAS[0] as Persona;

describe('the crisis reply', () => {
  it('for an overdose gives 911 now first, Poison Control second, then 988, 741741, findahelpline', () => {
    const reply = crisisReply(cassie, 'Ana', 'i took all my pills');
    const at = ['Call 911 now', 'Poison Control (US): call 1-800-222-1222', '988', '741741'].map(
      (words) => reply.indexOf(words),
    );
    at.push(reply.indexOf('findahelpline.com'));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('for other crises gives the lines first and 911 for danger last, without Poison Control', () => {
    const reply = crisisReply(cassie, 'Ana', 'i want to kill myself');
    expect(reply.indexOf('988')).toBeLessThan(reply.indexOf('call 911'));
    expect(reply).not.toContain('Poison Control');
  });

  it('calls her by the name she set, capitalised, and by no name when she set none', () => {
    expect(crisisReply(cassie, 'ana', 'i want to die')).toMatch(/^Ana, I'm really glad/);
    expect(crisisReply(cassie, '', 'i want to die')).toMatch(/^I'm really glad you told me/);
    expect(careLimitReply('')).toMatch(/^I'm still right here with you\./);
  });
});

describe('replyName', () => {
  it('is her set name, never her email', () => {
    expect(replyName({ name: '  Lily ' })).toBe('Lily');
    expect(replyName({ name: null })).toBe('');
    expect(replyName({ name: '   ' })).toBe('');
  });
});
