import { describe, expect, it } from 'vitest';
import type { LocalChat, LocalMessage } from '../../db/db';
import { aChat, aMessage } from '../../db/testData';
import {
  chatToMarkdown,
  escapeBlock,
  markdownFileName,
  PENDING_NOTE,
  TEASER_NOTE,
} from './exportMarkdown';

const { messages: _none, ...summary } = aChat({ id: 'c1', title: 'Boy trouble' });
const CHAT: LocalChat = summary;
const OPTIONS = { exportedAt: new Date('2026-11-26T12:00:00Z'), locale: 'en-US', timeZone: 'UTC' };

function local(overrides: Partial<LocalMessage> & { id: string }): LocalMessage {
  return { ...aMessage({ id: overrides.id, chatId: 'c1' }), status: 'sent', ...overrides };
}

const markdown = (messages: LocalMessage[], chat: LocalChat = CHAT) =>
  chatToMarkdown(chat, messages, OPTIONS);

/** Lines Markdown reads as a heading (ATX `#`), outside quotes. */
const headings = (text: string) =>
  text.split('\n').filter((line) => /^ {0,3}#{1,6}(\s|$)/.test(line));

describe('chatToMarkdown', () => {
  it('starts with the title, then who the chat is with and when it was exported', () => {
    const lines = markdown([]).split('\n');
    expect(lines[0]).toBe('# Boy trouble');
    expect(lines[2]).toBe('A chat with Cassie (AI) · exported Nov 26, 2026');
  });

  it("titles an untitled chat 'Chat with {bestie}'", () => {
    expect(markdown([], { ...CHAT, title: '' })).toMatch(/^# Chat with Cassie\n/);
  });

  it('writes each message under its author and time, in the order given', () => {
    const text = markdown([
      local({ id: 'u1', seq: 1, message: 'He ghosted me', timestamp: '2026-11-25T10:00:00Z' }),
      local({
        id: 'r1',
        seq: 2,
        isUser: false,
        message: 'Oh babe, that stings.',
        timestamp: '2026-11-25T10:01:00Z',
      }),
      local({ id: 'u2', seq: 3, message: 'What now?', timestamp: '2026-11-25T10:02:00Z' }),
    ]);
    expect(text).toContain(
      [
        '**You** · Nov 25, 2026, 10:00 AM',
        '',
        'He ghosted me',
        '',
        '**Cassie** · Nov 25, 2026, 10:01 AM',
        '',
        'Oh babe, that stings.',
        '',
        '**You** · Nov 25, 2026, 10:02 AM',
        '',
        'What now?',
      ].join('\n'),
    );
  });

  it('marks a teaser reply as a preview, after the part she can read', () => {
    const text = markdown([
      local({ id: 'r1', isUser: false, isTeaser: true, message: 'Oh babe,' }),
    ]);
    expect(text).toContain(`Oh babe,\n\n_${TEASER_NOTE}_`);
    expect(TEASER_NOTE).toBe('(Preview — the rest of this reply comes with a plan.)');
  });

  it('shows a crisis reply in full, never as a preview', () => {
    const text = markdown([
      local({ id: 'r1', isUser: false, isTeaser: true, isCrisis: true, message: 'Call 988.' }),
    ]);
    expect(text).toContain('Call 988.');
    expect(text).not.toContain(TEASER_NOTE);
  });

  it("puts a screenshot's extracted text in a blockquote, and an enhanced summary before it", () => {
    const text = markdown([
      local({
        id: 'u1',
        isOCR: true,
        isEnhancedOCR: true,
        message: 'Is he lying?',
        extractedText: 'Sorry, busy\n# not a heading',
        ocrAnalysis: {
          type: 'general',
          summary: 'A short reply.',
          keyPoints: [],
          entities: [],
          sentiment: 'neutral',
        },
      }),
    ]);
    expect(text).toContain(
      '_Screenshot_\n\nSummary: A short reply.\n\n> Sorry, busy\n> \\# not a heading\n\nIs he lying?',
    );
  });

  it("leaves out her words when they are only the screenshot's text, as the screen does", () => {
    const text = markdown([
      local({ id: 'u1', isOCR: true, message: 'Sorry, busy', extractedText: 'Sorry, busy' }),
    ]);
    expect(text.match(/Sorry, busy/g)).toHaveLength(1);
    expect(text).toContain('> Sorry, busy');
  });

  it('marks messages still on their way and ones that failed', () => {
    const text = markdown([
      local({ id: 'u1', seq: null, status: 'pending', message: 'waiting' }),
      local({ id: 'u2', seq: null, status: 'failed', message: 'refused', failure: 'Too long' }),
    ]);
    expect(text).toContain(`waiting\n\n_${PENDING_NOTE}_`);
    expect(text).toContain('refused\n\n_⚠ Too long_');
  });

  it('does not let a message that starts with "# " become a heading', () => {
    const text = markdown([local({ id: 'u1', message: '# I am a heading\nand more' })]);
    expect(headings(text)).toEqual(['# Boy trouble']);
    expect(text).toContain('\\# I am a heading\nand more');
  });

  it('does not let a title that ends in # lose it', () => {
    expect(markdown([], { ...CHAT, title: 'We are #1 #' })).toMatch(/^# We are #1 \\#\n/);
  });

  it('keeps her words otherwise as she wrote them', () => {
    const words = 'He said *maybe* - and then:\n- left\n- came back\n\n1. why';
    expect(markdown([local({ id: 'u1', message: words })])).toContain(words);
  });

  it('says so when there are no messages', () => {
    expect(markdown([])).toContain('_No messages yet._');
  });
});

describe('escapeBlock', () => {
  it.each([
    ['# heading', '\\# heading'],
    ['x\n   ## indented heading', 'x\n   \\## indented heading'],
    ['text\n---', 'text\n\\---'],
    ['text\n===', 'text\n\\==='],
    ['***', '\\***'],
    ['```js', '\\```js'],
    ['~~~', '\\~~~'],
    ['<!-- hides the rest', '\\<!-- hides the rest'],
  ])('escapes %j so it cannot change the document', (input, output) => {
    expect(escapeBlock(input)).toBe(output);
  });

  it.each(['#hashtag', '- a list item', '**bold**', '> a quote', '    code'])(
    'leaves %j alone',
    (line) => {
      expect(escapeBlock(`x\n${line}`)).toBe(`x\n${line}`);
    },
  );
});

describe('markdownFileName', () => {
  it('is the slug of the title and the day', () => {
    const day = new Date(2026, 10, 26, 12);
    expect(markdownFileName({ ...CHAT, title: 'Boy trouble?! Part 2' }, day)).toBe(
      'boy-trouble-part-2-2026-11-26.md',
    );
    expect(markdownFileName({ ...CHAT, title: 'Café crème' }, day)).toBe(
      'cafe-creme-2026-11-26.md',
    );
    expect(markdownFileName({ ...CHAT, title: '💔💔' }, day)).toBe('chat-2026-11-26.md');
    expect(markdownFileName({ ...CHAT, title: '' }, day)).toBe('chat-with-cassie-2026-11-26.md');
  });
});
