import { create } from 'zustand';

/** A reply on its way: its text so far ('' while she waits), and its id once it is saved. */
export interface ReplyInProgress {
  text: string;
  savedId: string | null;
}

/**
 * Replies on their way, per chat. Only the final, saved reply goes into Dexie; the growing
 * text stays on screen until the saved one is there to take its place (no flicker).
 */
export const useReplyStream = create<Record<string, ReplyInProgress>>(() => ({}));

export function startReply(chatId: string): void {
  useReplyStream.setState({ [chatId]: { text: '', savedId: null } });
}

export function appendReply(chatId: string, text: string): void {
  useReplyStream.setState((state) => ({
    [chatId]: { text: (state[chatId]?.text ?? '') + text, savedId: null },
  }));
}

export function replySaved(chatId: string, savedId: string): void {
  useReplyStream.setState((state) => ({
    [chatId]: { text: state[chatId]?.text ?? '', savedId },
  }));
}

export function endReply(chatId: string): void {
  useReplyStream.setState((state) => {
    const { [chatId]: _done, ...rest } = state;
    return rest;
  }, true);
}
