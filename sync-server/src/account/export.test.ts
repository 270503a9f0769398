import { describe, expect, it } from 'vitest';
import type { UserExport } from '@shared/account';
import type { Chat } from '@shared/chat';
import { exportJsonChunks } from './export';

const head: Omit<UserExport, 'chats'> = {
  format: 'besties-export',
  version: 1,
  exportedAt: '2026-11-26T12:00:00.000Z',
  user: { id: 'u1', email: 'ann@example.com', name: 'Ann "A"\nB' } as UserExport['user'],
  purchases: [],
  sessions: [],
};

const chat = (id: string): Chat =>
  ({
    id,
    title: 'Line one\nline "two"',
    messages: [{ id: `${id}-m1`, message: 'a\n  b', ocrStructuredData: { nested: [1, {}] } }],
  }) as unknown as Chat;

describe('exportJsonChunks', () => {
  it.each([0, 1, 3])(
    'writes JSON.stringify(data, null, 2) byte for byte with %i chats',
    (count) => {
      const chats = Array.from({ length: count }, (_, index) => chat(`c${index}`));
      const whole: UserExport = {
        format: head.format,
        version: head.version,
        exportedAt: head.exportedAt,
        user: head.user,
        chats,
        purchases: head.purchases,
        sessions: head.sessions,
      };
      expect([...exportJsonChunks(head, chats)].join('')).toBe(JSON.stringify(whole, null, 2));
    },
  );

  it('holds one chat per chunk, so one chat at a time is in memory', () => {
    const chunks = [...exportJsonChunks(head, [chat('c0'), chat('c1')])];
    expect(chunks).toHaveLength(3);
    expect(chunks[1]).toContain('"c1"');
    expect(chunks[1]).not.toContain('"c0"');
  });
});
