import type { AppError } from '../http/errors';
import type { MessageRow } from '../chats/repo';

/** What a reply job tells the ones watching it. */
export type ReplyEvent =
  | { type: 'delta'; text: string }
  | { type: 'reply'; reply: MessageRow }
  | { type: 'error'; error: AppError };

export type ReplyListener = (event: ReplyEvent) => void;

/**
 * The in-process channel of the reply jobs this process runs, by user message id: the
 * provider's pieces as they come, and the text so far for a watcher who joins late. Watchers
 * may wait for a job that has not started yet; `reply` and `error` end the watching.
 */
export interface ReplyFeed {
  /** A job starts writing (again): its text so far is empty. */
  open(messageId: string): void;
  publish(messageId: string, text: string): void;
  /** The job has ended (`reply` or `error`): its watchers are told and let go. */
  finish(messageId: string, event: ReplyEvent): void;
  /** The job stopped without an outcome (another runner took it over): forget its text. */
  drop(messageId: string): void;
  /** Ends every watch, of every job (shutdown). */
  finishAll(event: ReplyEvent): void;
  watch(messageId: string, listener: ReplyListener): { textSoFar: string; stop(): void };
}

export function createReplyFeed(): ReplyFeed {
  const texts = new Map<string, string>();
  const listeners = new Map<string, Set<ReplyListener>>();
  const tell = (messageId: string, event: ReplyEvent) => {
    for (const listener of [...(listeners.get(messageId) ?? [])]) listener(event);
  };

  return {
    open: (messageId) => texts.set(messageId, ''),
    publish(messageId, text) {
      texts.set(messageId, (texts.get(messageId) ?? '') + text);
      tell(messageId, { type: 'delta', text });
    },
    finish(messageId, event) {
      texts.delete(messageId);
      tell(messageId, event);
      listeners.delete(messageId);
    },
    drop: (messageId) => texts.delete(messageId),
    finishAll(event) {
      for (const messageId of [...listeners.keys()]) this.finish(messageId, event);
      texts.clear();
    },
    watch(messageId, listener) {
      const set = listeners.get(messageId) ?? new Set();
      set.add(listener);
      listeners.set(messageId, set);
      return {
        textSoFar: texts.get(messageId) ?? '',
        stop() {
          set.delete(listener);
          if (set.size === 0 && listeners.get(messageId) === set) listeners.delete(messageId);
        },
      };
    },
  };
}
