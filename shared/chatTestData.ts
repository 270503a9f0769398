import { plainChatMessage } from './chat';
import type { ChatMessage, PersonaRef } from './chat';

/** Test builders for the chat shapes both ends share; only tests import this file. */
export const CASSIE: PersonaRef = {
  id: 1,
  name: 'Cassie',
  description: 'Your soft place to land.',
  avatar: '/personas/cassie.svg',
};

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
