import type { Chat } from '@shared/chat';
import { aMessage, CASSIE } from '@shared/chatTestData';
import { saveDraft } from './drafts';
import { queueMessage } from './outbox';

/** Test builders for API shapes, and the device state a test starts from. */
export { aMessage } from '@shared/chatTestData';

export function aChat(overrides: Partial<Chat> & { id: string }): Chat {
  return {
    title: 'My day',
    timestamp: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    persona: CASSIE,
    careUntil: null,
    messages: [],
    ...overrides,
  };
}

/** A free user's chat 'c1': her message, and the bestie's reply as the teaser she sees. */
export const TEASER_CHAT: Chat = aChat({
  id: 'c1',
  title: 'Boy trouble',
  messages: [
    aMessage({ id: 'u1', chatId: 'c1', seq: 1, message: 'He ghosted me' }),
    aMessage({
      id: 'r1',
      chatId: 'c1',
      seq: 2,
      isUser: false,
      isTeaser: true,
      message: 'Oh babe, that stings.',
    }),
  ],
});

/** Work of hers only this device holds: a message waiting in the outbox and a draft of chat 'c1'. */
export async function givenUnsentWork(): Promise<void> {
  await queueMessage({
    chatId: 'c1',
    messageId: 'm1',
    text: 'my secret',
    newChat: { persona: CASSIE },
  });
  await saveDraft('c1', 'half a thought');
}
