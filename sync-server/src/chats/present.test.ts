import { describe, expect, it } from 'vitest';
import { PERSONAS } from '@shared/personas';
import type { Persona } from '@shared/personas';
import { presentChatSummary, presentMessage } from './present';
import { newMessage } from './repo';
import type { ChatRow, MessageRow } from './repo';

const cassie = PERSONAS[0] as Persona;
const brooke = PERSONAS[1] as Persona;
const WHOLE = 'You are enough. SECRET second sentence. And a third.';

const row = (overrides: Partial<MessageRow> = {}): MessageRow => ({
  ...newMessage({
    id: 'm1',
    chatId: 'c1',
    userId: 'u1',
    role: 'assistant',
    content: WHOLE,
    replyTo: 'm0',
    createdAt: 0,
  }),
  changeSeq: 1,
  chatSeq: 2,
  replyError: null,
  ...overrides,
});

describe('presentMessage', () => {
  it('shows a free user only the opening of a reply, as a teaser', () => {
    const shown = presentMessage(row(), { tier: 'free', persona: cassie });
    expect(shown).toMatchObject({ message: 'You are enough.', isTeaser: true, isUser: false });
    expect(JSON.stringify(shown)).not.toContain('SECRET');
  });

  it('shows the whole reply to a tier that covers the persona', () => {
    expect(presentMessage(row(), { tier: 'basic', persona: cassie }).message).toBe(WHOLE);
    expect(presentMessage(row(), { tier: 'basic', persona: brooke }).isTeaser).toBe(true);
    expect(presentMessage(row(), { tier: 'vip', persona: brooke }).message).toBe(WHOLE);
  });

  it("gives its place in the chat as seq, and her message's reply error", () => {
    const mine = row({ role: 'user', replyTo: null, chatSeq: 3, replyError: 'No reply' });
    expect(presentMessage(mine, { tier: 'free', persona: cassie })).toMatchObject({
      seq: 3,
      replyError: 'No reply',
    });
  });

  it('always shows a crisis reply whole', () => {
    const shown = presentMessage(row({ isCrisis: 1 }), { tier: 'free', persona: cassie });
    expect(shown).toMatchObject({ message: WHOLE, isTeaser: false, isCrisis: true });
  });

  it('shows a reply written in care mode whole to a free user', () => {
    const shown = presentMessage(row({ care: 1 }), { tier: 'free', persona: cassie });
    expect(shown).toMatchObject({ message: WHOLE, isTeaser: false, isCrisis: false });
  });

  it('keeps a reply that carried help a teaser, beside the help card, whatever its text', () => {
    const text = 'Call 988 now. SECRET rest of the model text.';
    const shown = presentMessage(row({ helpCard: 1, content: text }), {
      tier: 'free',
      persona: cassie,
    });
    expect(shown).toMatchObject({ message: 'Call 988 now.', isTeaser: true, helpCard: true });
    expect(JSON.stringify(shown)).not.toContain('SECRET');
  });

  it('never cuts her own messages', () => {
    const shown = presentMessage(row({ role: 'user', replyTo: null }), {
      tier: 'free',
      persona: cassie,
    });
    expect(shown).toMatchObject({ message: WHOLE, isUser: true, isTeaser: false, avatar: null });
  });

  it('parses stored OCR JSON and drops what does not parse', () => {
    const shown = presentMessage(
      row({ role: 'user', ocrStructuredData: '{"a":1}', ocrAnalysis: 'not json' }),
      { tier: 'free', persona: cassie },
    );
    expect(shown.ocrStructuredData).toEqual({ a: 1 });
    expect(shown.ocrAnalysis).toBeNull();
  });

  it('names the memories a whole reply used, and none it cannot read as ids', () => {
    const shown = (usedMemories: string | null) =>
      presentMessage(row({ usedMemories }), { tier: 'vip', persona: cassie });
    expect(shown('["emma","lisbon"]').usedMemories).toEqual(['emma', 'lisbon']);
    expect(shown('["emma",2,null]').usedMemories).toEqual(['emma']);
    for (const damaged of ['{"emma":true}', 'not json', '[]', '[1]', null]) {
      expect(shown(damaged)).not.toHaveProperty('usedMemories');
    }
    const teaser = presentMessage(row({ usedMemories: '["emma"]' }), {
      tier: 'free',
      persona: cassie,
    });
    expect(teaser).not.toHaveProperty('usedMemories');
  });
});

describe('presentChatSummary', () => {
  it("shows 'New Chat' until the first message names the chat", () => {
    const chat: ChatRow = {
      id: 'c1',
      userId: 'u1',
      personaId: 2,
      title: '',
      createdAt: 0,
      updatedAt: 1000,
      deletedAt: null,
      changeSeq: 1,
      lastCrisisAt: null,
    };
    expect(presentChatSummary(chat, 5000)).toEqual({
      id: 'c1',
      title: 'New Chat',
      timestamp: '1970-01-01T00:00:00.000Z',
      updatedAt: '1970-01-01T00:00:01.000Z',
      persona: {
        id: 2,
        name: 'Brooke',
        description: brooke.description,
        avatar: '/personas/brooke.svg',
      },
      careUntil: null,
    });
  });

  it('shows when care mode ends for 24 hours after her last crisis signal, then null', () => {
    const chat: ChatRow = {
      id: 'c1',
      userId: 'u1',
      personaId: 1,
      title: 'x',
      createdAt: 0,
      updatedAt: 0,
      deletedAt: null,
      changeSeq: 1,
      lastCrisisAt: 1000,
    };
    const day = 24 * 60 * 60 * 1000;
    expect(presentChatSummary(chat, 2000).careUntil).toBe(new Date(1000 + day).toISOString());
    expect(presentChatSummary(chat, 1000 + day).careUntil).toBeNull();
  });
});
