import { plainChatMessage } from '@shared/chat';
import type { Chat, ChatMessage } from '@shared/chat';

/** Test builders for API shapes. */
export function aMessage(overrides: Partial<ChatMessage> & { id: string }): ChatMessage {
  return plainChatMessage({
    chatId: 'chat-1',
    seq: 1,
    message: 'Hello',
    isUser: true,
    timestamp: '2026-11-25T10:00:00.000Z',
    ...overrides,
  });
}

export function aChat(overrides: Partial<Chat> & { id: string }): Chat {
  return {
    title: 'My day',
    timestamp: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    persona: {
      id: 1,
      name: 'Cassie',
      description: 'Your soft place to land.',
      avatar: '/personas/cassie.svg',
    },
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
