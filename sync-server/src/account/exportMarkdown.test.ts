import { describe, expect, it } from 'vitest';
import { plainChatMessage } from '@shared/chat';
import type { Chat, ChatMessage } from '@shared/chat';
import { TEASER_NOTE } from '@shared/markdown';
import { chatFileName, chatMarkdown, readmeMarkdown } from './exportMarkdown';

const persona = { id: 1, name: 'Cassie', description: '', avatar: '' };

function message(overrides: Partial<ChatMessage>): ChatMessage {
  return plainChatMessage({
    id: 'm',
    chatId: 'c1',
    seq: 1,
    message: '',
    isUser: true,
    timestamp: '2026-11-25T10:00:00.000Z',
    ...overrides,
  });
}

const chat = (messages: ChatMessage[], title = 'Boy trouble'): Chat => ({
  id: 'c1',
  title,
  timestamp: '2026-11-25T09:59:00.000Z',
  updatedAt: '2026-11-25T10:01:00.000Z',
  persona,
  careUntil: null,
  messages,
});

const noImages = () => undefined;

describe('chatMarkdown', () => {
  it('starts with the title, the bestie and the dates, then each message under who wrote it and when', () => {
    const text = chatMarkdown(
      chat([
        message({ id: 'u1', message: 'He ghosted me' }),
        message({
          id: 'r1',
          isUser: false,
          message: 'Oh babe.',
          isTeaser: true,
          timestamp: '2026-11-25T10:01:00.000Z',
        }),
      ]),
      noImages,
    );
    expect(text).toBe(
      [
        '# Boy trouble',
        '',
        'A chat with Cassie (AI) · started 2026-11-25 09:59 UTC · last changed 2026-11-25 10:01 UTC',
        '',
        '**You** · 2026-11-25 10:00 UTC',
        '',
        'He ghosted me',
        '',
        '**Cassie** · 2026-11-25 10:01 UTC',
        '',
        'Oh babe.',
        '',
        `_${TEASER_NOTE}_`,
        '',
      ].join('\n'),
    );
  });

  it('escapes what would pose as structure: a heading, a fence, a rule', () => {
    const text = chatMarkdown(
      chat([message({ message: '# **Cassie** · now\n```\n---' })], '# Not a title ##'),
      noImages,
    );
    expect(text.split('\n')[0]).toBe('# \\# Not a title \\##');
    expect(text).toContain('\\# **Cassie** · now\n\\```\n\\---');
  });

  it('links a screenshot by its path in the zip, and says so when its file is gone', () => {
    const shot = message({
      isOCR: true,
      imageUrl: '/api/images/AAAAAAAAAAAAAAAAAAAAAA',
      extractedText: 'Them: hi\nMe: hey',
      message: 'What do you think?',
    });
    const linked = chatMarkdown(
      chat([shot]),
      () => 'images/screenshots/AAAAAAAAAAAAAAAAAAAAAA.png',
    );
    expect(linked).toContain(
      '![Screenshot](../images/screenshots/AAAAAAAAAAAAAAAAAAAAAA.png)\n\n> Them: hi\n> Me: hey\n\nWhat do you think?',
    );
    expect(chatMarkdown(chat([shot]), noImages)).toContain(
      '_Screenshot (its file is no longer kept)_',
    );
  });
});

describe('chatFileName', () => {
  it('numbers the file in the export order, with its day and a slug of its title', () => {
    const props = {
      title: 'Café & tea?',
      createdAt: Date.UTC(2026, 10, 25),
      personaName: 'Cassie',
    };
    expect(chatFileName(props, { index: 6, count: 12, dir: 'chats' })).toBe(
      'chats/0007-2026-11-25-cafe-tea.md',
    );
    expect(chatFileName({ ...props, title: '' }, { index: 0, count: 1, dir: 'chats' })).toBe(
      'chats/0001-2026-11-25-chat-with-cassie.md',
    );
  });
});

describe('readmeMarkdown', () => {
  it('lists the unsent screenshots only when there are some', () => {
    const contents = {
      exportedAt: '2026-11-26T12:00:00.000Z',
      who: 'Ann',
      profilePicture: undefined,
      dataFile: 'data.json',
      chats: [],
      unsentScreenshots: [],
    };
    expect(readmeMarkdown(contents)).not.toContain('never sent');
    expect(
      readmeMarkdown({
        ...contents,
        unsentScreenshots: [{ file: 'images/screenshots/x.png', uploadedAt: 0 }],
      }),
    ).toContain(
      '## Screenshots you uploaded but never sent\n\n- ![Screenshot uploaded 1970-01-01 00:00 UTC](images/screenshots/x.png)',
    );
  });
});
