import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chatTitleFrom, MESSAGE_MAX_LENGTH, teaserOf, TEASER_MAX_LENGTH } from './chat';
import { createChatSchema, sendMessageSchema } from './chat-schema';
import { canUsePersona, canUsePersonaFully, PERSONAS } from './personas';
import type { Persona } from './personas';

describe('teaserOf', () => {
  it('shows only the first sentence', () => {
    expect(teaserOf('Oh babe, I hear you. The secret is the second sentence. And more.')).toBe(
      'Oh babe, I hear you.',
    );
  });

  it('never shows a one-sentence reply whole', () => {
    const teaser = teaserOf('You deserve someone who texts you back first');
    expect(teaser).toBe('You deserve someone who…');
  });

  it(`stays within ${TEASER_MAX_LENGTH} characters`, () => {
    const long = `${'word '.repeat(60)}end. Second sentence.`;
    const teaser = teaserOf(long);
    expect(teaser.length).toBeLessThanOrEqual(TEASER_MAX_LENGTH);
    expect(teaser.endsWith('…')).toBe(true);
  });

  it('puts the reply on one line', () => {
    expect(teaserOf('Hey\n\nyou.  Then more.')).toBe('Hey you.');
  });
});

describe('chatTitleFrom', () => {
  it('is the first message on one line', () => {
    expect(chatTitleFrom('  My crush\ntexted me  ')).toBe('My crush texted me');
  });

  it('shortens a long message to 60 characters with an ellipsis', () => {
    const title = chatTitleFrom('a'.repeat(100));
    expect(title).toHaveLength(60);
    expect(title.endsWith('…')).toBe(true);
  });
});

describe('sendMessageSchema', () => {
  it('accepts a message, a client id and the OCR fields', () => {
    const id = randomUUID();
    expect(
      sendMessageSchema.parse({ id, message: 'Hi', isOCR: true, extractedText: 'text' }),
    ).toMatchObject({ id, message: 'Hi', isOCR: true });
  });

  it.each([
    [{}, 'Message cannot be empty'],
    [{ message: '  ' }, 'Message cannot be empty'],
    [{ message: '\u200B\u200C\u200D\u2060\uFEFF \n' }, 'Message cannot be empty'],
    [{ message: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }, 'Message must be at most 4000 characters'],
    [{ message: 'hi', id: 'not-a-uuid' }, 'Must be a UUID'],
  ])('refuses %j', (body, message) => {
    const result = sendMessageSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('createChatSchema', () => {
  it('needs a message unless the chat is created empty', () => {
    expect(createChatSchema.safeParse({}).success).toBe(false);
    expect(createChatSchema.safeParse({ message: ' ' }).error?.issues[0]?.message).toBe(
      'Message cannot be empty',
    );
    expect(createChatSchema.safeParse({ message: '\u200B\uFEFF' }).error?.issues[0]?.message).toBe(
      'Message cannot be empty',
    );
    expect(createChatSchema.safeParse({ isEmptyChatCreation: true }).success).toBe(true);
    expect(createChatSchema.safeParse({ message: 'Hi', personaId: 2 }).success).toBe(true);
  });

  it('refuses a persona outside 1 to 5', () => {
    expect(createChatSchema.safeParse({ message: 'Hi', personaId: 6 }).success).toBe(false);
  });
});

describe('persona access', () => {
  const cassie = PERSONAS[0] as Persona;
  const brooke = PERSONAS[1] as Persona;

  it('free and basic chat with Cassie only; premium and vip with everyone', () => {
    expect([cassie, brooke].map((p) => canUsePersona('free', p))).toEqual([true, false]);
    expect([cassie, brooke].map((p) => canUsePersona('basic', p))).toEqual([true, false]);
    expect([cassie, brooke].map((p) => canUsePersona('premium', p))).toEqual([true, true]);
    expect([cassie, brooke].map((p) => canUsePersona('vip', p))).toEqual([true, true]);
  });

  it('free gets teasers only; basic gets Cassie in full', () => {
    expect(canUsePersonaFully('free', cassie)).toBe(false);
    expect(canUsePersonaFully('basic', cassie)).toBe(true);
    expect(canUsePersonaFully('basic', brooke)).toBe(false);
    expect(canUsePersonaFully('premium', brooke)).toBe(true);
  });
});
