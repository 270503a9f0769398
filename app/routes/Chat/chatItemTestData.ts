import type { ChatItem } from './chatItems';

type MessageItem = Extract<ChatItem, { kind: 'message' }>;

/** A plain message row as the chat screen draws it: hers unless `from` says otherwise. */
export function aMessageItem(overrides: Partial<MessageItem> & { id: string }): MessageItem {
  return {
    timestamp: '2026-11-25T10:00:00.000Z',
    kind: 'message',
    from: 'user',
    text: 'Hello',
    crisis: false,
    situation: 'support',
    greeting: false,
    ...overrides,
  };
}
