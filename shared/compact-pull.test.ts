import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_TYPES } from './chat';
import type { ChatSummary, PersonaRef } from './chat';
import { aMessage, CASSIE } from './chatTestData';
import { checkCompactPage, decodePullPage, encodePullPage } from './compact-pull';
import type { PullAnswer } from './sync';

const MAX: PersonaRef = { id: 4, name: 'Max', description: 'Straight talk.', avatar: '/m.svg' };

const aChat = (id: string, persona = CASSIE, careUntil: string | null = null): ChatSummary => ({
  id,
  title: `Chat ${id}`,
  timestamp: '2026-11-25T09:00:00.000Z',
  updatedAt: '2026-11-25T10:30:00.000Z',
  persona,
  careUntil,
});

/** A page as the default format answers it: two chats, a conversation, a deleted chat. */
const PAGE: PullAnswer = {
  chats: [aChat('chat-1'), aChat('chat-2', MAX, '2026-11-26T10:30:00.000Z')],
  messages: [
    aMessage({ id: 'm1' }),
    aMessage({
      id: 'r1',
      seq: 2,
      isUser: false,
      replyTo: 'm1',
      avatar: CASSIE.avatar,
      message: 'I hear you.',
      isTeaser: true,
      timestamp: '2026-11-25T10:00:01.500Z',
    }),
    aMessage({
      id: 'r2',
      seq: 3,
      isUser: false,
      replyTo: 'm1',
      avatar: CASSIE.avatar,
      message: "How's Emma settling into Lisbon?",
      usedMemories: ['mem-emma', 'mem-lisbon'],
      timestamp: '2026-11-25T10:00:02.000Z',
    }),
    aMessage({
      id: 'm2',
      chatId: 'chat-2',
      replyError: "Your bestie couldn't answer just now. Please try again.",
      isOCR: true,
      isEnhancedOCR: true,
      imageUrl: '/api/images/abc.png',
      extractedText: 'Total 12.50',
      analysisType: 'receipt',
      ocrAnalysis: {
        type: 'receipt',
        summary: 'A receipt',
        keyPoints: [],
        entities: [],
        sentiment: 'neutral',
      },
      ocrStructuredData: { total: 12.5 },
      ocrConfidence: 0.93,
      timestamp: '2026-11-24T08:00:00.000Z',
    }),
    aMessage({
      id: 'r-old',
      chatId: 'chat-2',
      isUser: false,
      replyTo: 'from-an-earlier-page',
      isCrisis: true,
    }),
    aMessage({
      id: 'r-help',
      chatId: 'chat-2',
      isUser: false,
      replyTo: 'm2',
      isTeaser: true,
      helpCard: true,
    }),
  ],
  tombstones: [{ type: 'chat', id: 'chat-gone' }],
  cursor: 42,
  hasMore: true,
};

describe('the compact pull page', () => {
  it('reads back as exactly the page the default format answers', () => {
    expect(decodePullPage(JSON.parse(JSON.stringify(encodePullPage(PAGE))))).toEqual(PAGE);
  });

  it('carries her memories and the ones she forgot, only when there are any', () => {
    const memory = {
      id: 'mem-1',
      kind: 'event' as const,
      subject: 'your job interview',
      detail: 'Friday',
      date: '2026-11-27',
      personaId: 2,
      sourceMessageId: 'm1',
      sourceChatId: 'chat-1',
      createdAt: '2026-11-25T10:00:00.000Z',
      updatedAt: '2026-11-25T10:05:00.000Z',
    };
    const page = {
      ...PAGE,
      memories: [memory],
      tombstones: [...PAGE.tombstones, { type: 'memory' as const, id: 'mem-0' }],
    };
    const compact = encodePullPage(page);
    expect(compact.tombstones).toEqual(['chat-gone']);
    expect(compact.forgotten).toEqual(['mem-0']);
    expect(decodePullPage(JSON.parse(JSON.stringify(compact)))).toEqual(page);
    expect(encodePullPage(PAGE)).not.toHaveProperty('memories');
    expect(encodePullPage(PAGE)).not.toHaveProperty('forgotten');
    expect(() => decodePullPage({ ...compact, memories: [{ ...memory, kind: 'pet' }] })).toThrow(
      'bad memory 0',
    );
  });

  it('names each chat, persona and avatar once and leaves empty fields out', () => {
    const compact = encodePullPage(PAGE);
    expect(compact.personas).toEqual([CASSIE, MAX]);
    expect(compact.chatIds).toEqual(['chat-1', 'chat-2']);
    expect(compact.avatars).toEqual([CASSIE.avatar]);
    expect(compact.messages[0]).toEqual([
      'm1',
      0,
      1,
      'Hello',
      1,
      Date.parse(PAGE.messages[0]!.timestamp),
      null,
    ]);
    // A reply to the row just before it points one row back, and a message 1.5 s later says so.
    expect(compact.messages[1]).toEqual(['r1', 0, 2, 'I hear you.', 2, 1500, 1, 0]);
    expect(compact.tombstones).toEqual(['chat-gone']);
    // A chat in care mode carries when it ends; a reply beside the help card has its own bit.
    expect(compact.chats[0]).toHaveLength(5);
    expect(compact.chats[1]?.[5]).toBe(Date.parse('2026-11-26T10:30:00.000Z'));
    expect(compact.messages[5]?.[4]).toBe(2 | 32);
    // The memories a reply drew on travel with it, only when it drew on any.
    expect(compact.messages[2]?.at(-1)).toEqual({ usedMemories: ['mem-emma', 'mem-lisbon'] });
    const text = JSON.stringify(compact);
    expect(text).not.toContain('"isUser"');
    expect(text).not.toContain('ocrConfidence":null');
  });

  it('is far smaller than the default format for a long history', () => {
    const messages = Array.from({ length: 1000 }, (_, row) =>
      aMessage({
        id: crypto.randomUUID(),
        chatId: `chat-${row % 20}`,
        seq: row,
        isUser: row % 2 === 0,
        avatar: row % 2 === 0 ? null : CASSIE.avatar,
        message: 'So today at school something happened.',
        timestamp: new Date(Date.UTC(2026, 10, 1) + row).toISOString(),
      }),
    );
    const page: PullAnswer = { chats: [], messages, tombstones: [], cursor: 1000, hasMore: false };
    const compact = JSON.stringify(encodePullPage(page)).length;
    expect(compact).toBeLessThan(JSON.stringify(page).length / 3);
  });

  it('refuses a page of another version or one pointing outside its dictionaries', () => {
    const compact = encodePullPage(PAGE);
    expect(() => decodePullPage({ ...compact, v: 2 })).toThrow();
    expect(() => decodePullPage({ ...compact, chatIds: ['chat-1'] })).toThrow(/no chat 1/);
    expect(() => decodePullPage({ ...compact, messages: [['m', 0, 1, 'hi', 1, 0, 3]] })).toThrow(
      /no row/,
    );
    expect(() => decodePullPage({ ...compact, messages: [['m', 0, 1]] })).toThrow();
  });

  it('refuses a page whose rows have the wrong shape, and says which', () => {
    const compact = encodePullPage(PAGE);
    const row = compact.messages[0]!;
    const bad = (change: object) => () => decodePullPage({ ...compact, ...change });
    expect(bad({ v: 2 })).toThrow('Compact pull page: version 2');
    expect(bad({ cursor: -1 })).toThrow('Compact pull page: bad cursor');
    expect(bad({ hasMore: 'no' })).toThrow('Compact pull page: bad hasMore');
    expect(bad({ personas: [{ id: 1, name: 'Cassie' }] })).toThrow('bad persona 0');
    expect(bad({ chats: [['c', 'Title', 0, 0, -1]] })).toThrow('bad chat row 0');
    expect(bad({ chats: [['c', 'Title', 0, 0, 0, 'tomorrow']] })).toThrow('bad chat row 0');
    expect(bad({ chatIds: 'chat-1' })).toThrow('chat id is not a list');
    expect(bad({ messages: [row, [1, ...row.slice(1)]] })).toThrow('bad message row 1');
    expect(bad({ messages: [[...row.slice(0, 6), 0]] })).toThrow('bad message row 0');
    expect(bad({ messages: [[...row.slice(0, 7), null, { analysisType: 'poem' }]] })).toThrow(
      'bad message row 0',
    );
    expect(bad({ messages: [[...row.slice(0, 7), null, { ocrConfidence: '0.9' }]] })).toThrow(
      'bad message row 0',
    );
    expect(bad({ messages: [[...row.slice(0, 7), null, { usedMemories: [7] }]] })).toThrow(
      'bad message row 0',
    );
    expect(bad({ tombstones: [7] })).toThrow('bad tombstone 0');
    expect(decodePullPage(JSON.parse(JSON.stringify(compact)))).toEqual(PAGE);
  });

  it('round-trips any page', () => {
    const iso = fc
      .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
      .map((time) => new Date(time).toISOString());
    const nullable = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null });
    const message = fc.record({
      id: fc.uuid(),
      chatId: fc.constantFrom('a', 'b', 'c'),
      seq: fc.nat(),
      message: fc.string(),
      isUser: fc.boolean(),
      replyError: nullable(fc.string()),
      replyTo: nullable(fc.uuid()),
      timestamp: iso,
      avatar: nullable(fc.constantFrom('/a.svg', '/b.svg')),
      imageUrl: nullable(fc.string()),
      isTeaser: fc.boolean(),
      isCrisis: fc.boolean(),
      helpCard: fc.boolean(),
      isOCR: fc.boolean(),
      isEnhancedOCR: fc.boolean(),
      extractedText: nullable(fc.string()),
      analysisType: nullable(fc.constantFrom(...ANALYSIS_TYPES)),
      ocrAnalysis: fc.constant(null),
      ocrStructuredData: nullable(
        fc.dictionary(
          fc.string().filter((key) => key !== '__proto__'),
          fc.integer(),
        ),
      ),
      ocrConfidence: nullable(
        fc
          .double({ min: 0, max: 1, noNaN: true, noDefaultInfinity: true })
          .filter((x) => !Object.is(x, -0)),
      ),
    });
    const page = fc.record({
      chats: fc.array(
        fc.record({
          id: fc.uuid(),
          title: fc.string(),
          timestamp: iso,
          updatedAt: iso,
          persona: fc.constantFrom(CASSIE, MAX),
          careUntil: nullable(iso),
        }),
      ),
      messages: fc.array(message, { maxLength: 30 }).map((rows) =>
        // Some replies answer a message earlier in the page.
        rows.map((row, index) =>
          index > 0 && index % 3 === 0 ? { ...row, replyTo: rows[index - 1]!.id } : row,
        ),
      ),
      tombstones: fc.array(fc.record({ type: fc.constant('chat' as const), id: fc.uuid() })),
      cursor: fc.nat(),
      hasMore: fc.boolean(),
    });
    fc.assert(
      fc.property(page, (original) => {
        const wire = JSON.parse(JSON.stringify(encodePullPage(original)));
        expect(checkCompactPage(wire)).toEqual(wire);
        expect(decodePullPage(wire)).toEqual(original);
      }),
    );
  });
});
