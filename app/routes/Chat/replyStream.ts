import { create } from 'zustand';

/**
 * Replies on their way, per chat: '' while she waits (the typing dots), then the text so far
 * as deltas arrive. Only the final, saved reply goes into Dexie.
 */
export const useReplyStream = create<Record<string, string>>(() => ({}));

export function startReply(chatId: string): void {
  useReplyStream.setState({ [chatId]: '' });
}

export function appendReply(chatId: string, text: string): void {
  useReplyStream.setState((state) => ({ [chatId]: (state[chatId] ?? '') + text }));
}

export function endReply(chatId: string): void {
  useReplyStream.setState((state) => {
    const { [chatId]: _done, ...rest } = state;
    return rest;
  }, true);
}
