import { liveQuery } from 'dexie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PullAnswer } from '@shared/sync';
import { clearLocalData, messagesOf } from './chats';
import { db } from './db';
import { queueMessage } from './outbox';
import { pullCursor, savePulledPage } from './sync';
import { aChat, aMessage } from './testData';

/** A pulled page of `chats` chats of `perChat` messages each, hers and replies alternating. */
function bigPage(chats: number, perChat: number, cursor: number): PullAnswer {
  const page: PullAnswer = { chats: [], messages: [], tombstones: [], cursor, hasMore: false };
  for (let c = 0; c < chats; c += 1) {
    page.chats.push(aChat({ id: `chat-${c}` }));
    for (let m = 1; m <= perChat; m += 1) {
      page.messages.push(
        aMessage({ id: `m-${c}-${m}`, chatId: `chat-${c}`, seq: m, isUser: m % 2 === 1 }),
      );
    }
  }
  return page;
}

beforeEach(async () => {
  await clearLocalData();
});

describe('storing a pulled page', () => {
  it('stores a page of thousands of rows and its cursor at once: a screen never sees half of it', async () => {
    const seen: number[] = [];
    const subscription = liveQuery(() => db.messages.count()).subscribe((count) =>
      seen.push(count),
    );
    await vi.waitFor(() => expect(seen).toEqual([0]));
    await savePulledPage(bigPage(40, 50, 2040));
    await new Promise((resolve) => setTimeout(resolve, 50));
    subscription.unsubscribe();
    expect(seen).toEqual([0, 2000]);
    expect(await db.chats.count()).toBe(40);
    expect(await pullCursor()).toBe(2040);
    expect((await messagesOf('chat-7')).map((message) => message.seq)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
  });

  it('keeps her message pending when its resend still waits in the outbox', async () => {
    const page = bigPage(2, 2, 4);
    await queueMessage({ chatId: 'chat-1', messageId: 'm-1-1', text: 'again' });
    await savePulledPage(page);
    expect(await db.messages.get('m-1-1')).toMatchObject({ status: 'pending' });
    expect(await db.messages.get('m-0-1')).toMatchObject({ status: 'sent' });
  });
});
