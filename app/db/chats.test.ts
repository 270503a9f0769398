import { beforeEach, describe, expect, it } from 'vitest';
import {
  addPendingMessage,
  chatsNewestFirst,
  clearLocalData,
  deleteLocalChat,
  findChat,
  markMessageFailed,
  messagesOf,
  saveChat,
  saveChatList,
  saveMessage,
} from './chats';
import { aChat, aMessage } from './testData';

beforeEach(async () => {
  await clearLocalData();
});

describe('the local chat store', () => {
  it('keeps the chat list newest first and forgets chats the server no longer has', async () => {
    await saveChatList([
      aChat({ id: 'a', updatedAt: '2026-11-25T08:00:00Z' }),
      aChat({ id: 'b', updatedAt: '2026-11-25T09:00:00Z' }),
    ]);
    expect((await chatsNewestFirst()).map((c) => c.id)).toEqual(['b', 'a']);

    await saveChatList([aChat({ id: 'b', updatedAt: '2026-11-25T09:00:00Z' })]);
    expect((await chatsNewestFirst()).map((c) => c.id)).toEqual(['b']);
  });

  it('saves a chat with its messages in time order', async () => {
    await saveChat(
      aChat({
        id: 'c',
        messages: [
          aMessage({ id: 'm2', chatId: 'c', isUser: false, timestamp: '2026-11-25T10:00:01Z' }),
          aMessage({ id: 'm1', chatId: 'c', timestamp: '2026-11-25T10:00:00Z' }),
        ],
      }),
    );
    expect(await findChat('c')).toMatchObject({ id: 'c', title: 'My day' });
    const messages = await messagesOf('c');
    expect(messages.map((m) => [m.id, m.status])).toEqual([
      ['m1', 'sent'],
      ['m2', 'sent'],
    ]);
  });

  it('keeps a pending message the server does not know yet, and marks it failed', async () => {
    await saveChat(aChat({ id: 'c' }));
    await addPendingMessage({ id: 'p', chatId: 'c', text: 'are you there?' });
    await saveChat(aChat({ id: 'c' }));
    expect((await messagesOf('c')).map((m) => m.status)).toEqual(['pending']);

    await markMessageFailed('p', 'Not sent.');
    expect(await messagesOf('c')).toMatchObject([{ status: 'failed', failure: 'Not sent.' }]);

    await addPendingMessage({ id: 'p', chatId: 'c', text: 'are you there?' });
    expect(await messagesOf('c')).toMatchObject([{ id: 'p', status: 'pending' }]);
  });

  it('keeps a failed message failed while the server has no reply after it', async () => {
    await addPendingMessage({ id: 'p', chatId: 'c', text: 'hi' });
    await markMessageFailed('p', 'No reply.');
    await saveChat(aChat({ id: 'c', messages: [aMessage({ id: 'p', chatId: 'c' })] }));
    expect(await messagesOf('c')).toMatchObject([{ status: 'failed', failure: 'No reply.' }]);
    const reply = aMessage({
      id: 'r',
      chatId: 'c',
      isUser: false,
      timestamp: '2026-11-25T10:01:00Z',
    });
    await saveChat(aChat({ id: 'c', messages: [aMessage({ id: 'p', chatId: 'c' }), reply] }));
    expect((await messagesOf('c')).map((m) => m.status)).toEqual(['sent', 'sent']);
  });

  it('turns a pending message into a sent one when the server saves it', async () => {
    await saveChat(aChat({ id: 'c', updatedAt: '2026-11-25T09:00:00Z' }));
    await addPendingMessage({ id: 'p', chatId: 'c', text: 'hi' });
    await saveMessage(aMessage({ id: 'p', chatId: 'c', timestamp: '2026-11-25T11:00:00Z' }));
    expect(await messagesOf('c')).toMatchObject([{ id: 'p', status: 'sent' }]);
    expect((await findChat('c'))?.updatedAt).toBe('2026-11-25T11:00:00Z');
  });

  it('deletes a chat with its messages', async () => {
    await saveChat(aChat({ id: 'c', messages: [aMessage({ id: 'm', chatId: 'c' })] }));
    await deleteLocalChat('c');
    expect(await findChat('c')).toBeNull();
    expect(await messagesOf('c')).toEqual([]);
  });

  it('is empty after logging out', async () => {
    await saveChat(aChat({ id: 'c', messages: [aMessage({ id: 'm', chatId: 'c' })] }));
    await clearLocalData();
    expect(await chatsNewestFirst()).toEqual([]);
    expect(await messagesOf('c')).toEqual([]);
  });
});
