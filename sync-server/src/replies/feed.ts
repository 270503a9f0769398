import type { Bus } from '../bus/bus';
import { localBus, PAYLOAD_MAX_BYTES } from '../bus/bus';
import type { AppError } from '../http/errors';
import type { MessageRow } from '../chats/repo';

/**
 * What a reply job tells the ones watching it. `ended`: the job ended in another process, whose
 * outcome (`reply` or `error`) the watcher reads from the database.
 */
export type ReplyEvent =
  | { type: 'delta'; text: string }
  | { type: 'reply'; reply: MessageRow }
  | { type: 'error'; error: AppError }
  | { type: 'ended' };

export type ReplyListener = (event: ReplyEvent) => void;

/**
 * The channel of the reply jobs being written, by user message id: the provider's pieces as
 * they come, and the text so far for a watcher who joins late. It runs over the bus, so a
 * watcher in any process hears the pieces of a job another process runs, in order, then
 * `ended`; a watcher in the process that ran it gets its outcome itself. Watchers may wait for
 * a job that has not started yet; `reply`, `error` and `ended` end the watching.
 */
export interface ReplyFeed {
  /** A job starts writing (again): its text so far is empty. */
  open(messageId: string): void;
  publish(messageId: string, text: string): void;
  /** The job has ended (`reply` or `error`): its watchers are told and let go. */
  finish(messageId: string, event: ReplyEvent): void;
  /** The job stopped without an outcome (another runner took it over): forget its text. */
  drop(messageId: string): void;
  /** Ends every watch in this process, of every job (shutdown). */
  finishAll(event: ReplyEvent): void;
  watch(messageId: string, listener: ReplyListener): { textSoFar: string; stop(): void };
}

/** What goes over the bus: a job opened, a piece of its text, its end, or it was dropped. */
type Signal =
  | { o: 'open'; m: string }
  | { o: 'piece'; m: string; t: string }
  | { o: 'end'; m: string }
  | { o: 'drop'; m: string };

/** The texts of replies being written kept for late watchers; an older one goes past this. */
const TEXTS_KEPT = 1000;

/** Cuts a piece into parts whose signal fits a bus payload. */
function partsOf(text: string): string[] {
  const max = Math.floor((PAYLOAD_MAX_BYTES - 200) / 4);
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += max) parts.push(text.slice(start, start + max));
  return parts;
}

export function createReplyFeed(bus: Bus = localBus()): ReplyFeed {
  const texts = new Map<string, string>();
  const listeners = new Map<string, Set<ReplyListener>>();
  /** The outcomes of this process's jobs, told to its watchers once their pieces are through. */
  const outcomes = new Map<string, ReplyEvent>();
  const tell = (messageId: string, event: ReplyEvent) => {
    for (const listener of [...(listeners.get(messageId) ?? [])]) listener(event);
  };
  const end = (messageId: string, event: ReplyEvent) => {
    texts.delete(messageId);
    tell(messageId, event);
    listeners.delete(messageId);
  };
  const send = (signal: Signal) => bus.publish('besties_replies', JSON.stringify(signal));

  bus.subscribe('besties_replies', (payload) => {
    const signal = JSON.parse(payload) as Signal;
    const { m: messageId } = signal;
    if (signal.o === 'open') {
      texts.delete(messageId);
      texts.set(messageId, '');
      if (texts.size > TEXTS_KEPT) texts.delete(texts.keys().next().value!);
    } else if (signal.o === 'piece') {
      texts.set(messageId, (texts.get(messageId) ?? '') + signal.t);
      tell(messageId, { type: 'delta', text: signal.t });
    } else if (signal.o === 'end') {
      const outcome = outcomes.get(messageId);
      outcomes.delete(messageId);
      end(messageId, outcome ?? { type: 'ended' });
    } else texts.delete(messageId);
  });

  return {
    open: (messageId) => send({ o: 'open', m: messageId }),
    publish(messageId, text) {
      for (const part of partsOf(text)) send({ o: 'piece', m: messageId, t: part });
    },
    finish(messageId, event) {
      // Told after the job's last pieces, which are still on their way through the bus. Should
      // the bus lose the end, watchers read the outcome from the database (watch.ts).
      outcomes.set(messageId, event);
      if (outcomes.size > TEXTS_KEPT) outcomes.delete(outcomes.keys().next().value!);
      send({ o: 'end', m: messageId });
    },
    drop: (messageId) => send({ o: 'drop', m: messageId }),
    finishAll(event) {
      for (const messageId of [...listeners.keys()]) end(messageId, event);
      texts.clear();
      outcomes.clear();
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
