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
  memories: [],
};

const chat = (id: string): Chat =>
  ({
    id,
    title: 'Line one\nline "two"',
    messages: [{ id: `${id}-m1`, message: 'a\n  b', ocrStructuredData: { nested: [1, {}] } }],
  }) as unknown as Chat;

const chunksOf = async (chats: Chat[]) => {
  const chunks: string[] = [];
  for await (const chunk of exportJsonChunks(head, chats)) chunks.push(chunk);
  return chunks;
};

describe('exportJsonChunks', () => {
  it.each([0, 1, 3])(
    'writes JSON.stringify(data, null, 2) byte for byte with %i chats',
    async (count) => {
      const chats = Array.from({ length: count }, (_, index) => chat(`c${index}`));
      const whole: UserExport = {
        format: head.format,
        version: head.version,
        exportedAt: head.exportedAt,
        user: head.user,
        chats,
        purchases: head.purchases,
        sessions: head.sessions,
        memories: head.memories,
      };
      expect((await chunksOf(chats)).join('')).toBe(JSON.stringify(whole, null, 2));
    },
  );

  it('holds one chat per chunk, so one chat at a time is in memory', async () => {
    const chunks = await chunksOf([chat('c0'), chat('c1')]);
    expect(chunks).toHaveLength(3);
    expect(chunks[1]).toContain('"c1"');
    expect(chunks[1]).not.toContain('"c0"');
  });

  it('asks for each chat only when its chunk is next', async () => {
    const asked: string[] = [];
    async function* chats() {
      for (const id of ['c0', 'c1']) {
        asked.push(id);
        yield await Promise.resolve(chat(id));
      }
    }
    const chunks = exportJsonChunks(head, chats());
    await chunks.next();
    expect(asked).toEqual(['c0']);
    await chunks.next();
    expect(asked).toEqual(['c0', 'c1']);
  });
});
