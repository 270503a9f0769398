import type { Mutation, PullAnswer, PushAnswer } from '@shared/sync';
import { db, type OutboxEntry } from '../db/db';
import { imageUploaded, outboxInOrder } from '../db/outbox';
import { pullCursor, savePulledPage, settlePush } from '../db/serverRows';
import { failureOf, isNetworkFailure } from '../http/client';

/** Where sync stands (CONTRIBUTING.md §9, as Dexie.Syncable's SyncStatus). */
export type SyncStatus = 'idle' | 'offline' | 'syncing' | 'error-will-retry';

export interface SyncTransport {
  push(mutations: Mutation[]): Promise<PushAnswer>;
  pull(cursor: number): Promise<PullAnswer>;
  /** Stores the image of her OCR message (made offline) without reading it; its URL. */
  uploadImage(image: Blob, text: string): Promise<{ imageUrl: string }>;
}

export interface SyncEngineOptions {
  transport: SyncTransport;
  isOnline?: () => boolean;
  onStatus?: (status: SyncStatus) => void;
  /** Waits before a retry after an error: 1 s, 2 s, 4 s ... up to a minute. */
  retryDelayMs?: (failures: number) => number;
}

export interface SyncEngine {
  /** One cycle: push the outbox in order, then pull every page. Calls while one runs join it. */
  sync(): Promise<void>;
  status(): SyncStatus;
  /** Stops any scheduled retry. */
  stop(): void;
}

const backoff = (failures: number) => Math.min(60_000, 1000 * 2 ** (failures - 1));

function textOf(mutation: Mutation): string {
  if (mutation.type === 'createChat') return mutation.chat.extractedText ?? '';
  if (mutation.type === 'sendMessage') return mutation.message.extractedText ?? '';
  return '';
}

/** A push answered `retry` for a mutation: nothing after it may go before it. */
class NotSettled extends Error {}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { transport, isOnline = () => navigator.onLine, retryDelayMs = backoff } = options;
  let status: SyncStatus = 'idle';
  let running: Promise<void> | null = null;
  let askedWhileRunning = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (next: SyncStatus) => {
    if (next === status) return;
    status = next;
    options.onStatus?.(next);
  };

  /** An image goes up before the message that shows it, so the message carries its URL. */
  async function uploadImages(entries: OutboxEntry[]): Promise<boolean> {
    const waiting = entries.filter((entry) => entry.imageOf);
    for (const entry of waiting) {
      const image = await db.images.get(entry.imageOf!);
      if (image?.imageUrl || !image) {
        await imageUploaded(entry, image?.imageUrl ?? null);
        continue;
      }
      try {
        const { imageUrl } = await transport.uploadImage(image.blob, textOf(entry.mutation));
        await imageUploaded(entry, imageUrl);
      } catch (error) {
        // Refused for good (too large, not an image): her words still go, without it.
        if (failureOf(error).kind !== 'refused') throw error;
        console.error('Image refused', error);
        await imageUploaded(entry, null);
      }
    }
    return waiting.length > 0;
  }

  async function pushOutbox(): Promise<void> {
    for (;;) {
      let entries = await outboxInOrder();
      if (entries.length === 0) return;
      if (await uploadImages(entries)) entries = await outboxInOrder();
      const answer = await transport.push(entries.map((entry) => entry.mutation));
      await settlePush(answer.results);
      const settled = answer.results.filter((result) => result.status !== 'retry').length;
      if (settled < entries.length) throw new NotSettled('The server could not apply all yet');
    }
  }

  /**
   * Every page from the stored cursor on. The next page is asked for while this one is being
   * stored; it is only stored after this one (and dropped if storing this one fails).
   */
  async function pullAll(): Promise<void> {
    let next = transport.pull(await pullCursor());
    for (;;) {
      const page = await next;
      if (page.hasMore) {
        next = transport.pull(page.cursor);
        // Awaited below; a failure is seen there, or dropped when this page fails first.
        next.catch(() => undefined);
      }
      await savePulledPage(page);
      if (!page.hasMore) return;
    }
  }

  async function cycle(): Promise<void> {
    do {
      askedWhileRunning = false;
      if (!isOnline()) {
        setStatus('offline');
        return;
      }
      // A retry while the server cannot be reached keeps saying so until it gets through.
      if (status !== 'offline') setStatus('syncing');
      try {
        await pushOutbox();
        await pullAll();
        failures = 0;
        setStatus('idle');
      } catch (error) {
        if (!isOnline()) {
          setStatus('offline');
          return;
        }
        failures += 1;
        // No answer at all: for all she can tell she is offline, whatever the browser says
        // (navigator.onLine stays true behind a dead Wi-Fi or a captive portal). No `online`
        // event may come then, so it is tried again later like any other failure.
        setStatus(isNetworkFailure(error) ? 'offline' : 'error-will-retry');
        // A network that comes and goes is expected; anything else is worth a line in the log.
        if (!(error instanceof NotSettled) && failureOf(error).kind !== 'offline') {
          console.error('Sync failed', error);
        }
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => void sync(), retryDelayMs(failures));
        return;
      }
    } while (askedWhileRunning);
  }

  function sync(): Promise<void> {
    if (running) {
      askedWhileRunning = true;
      return running;
    }
    running = cycle().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    sync,
    status: () => status,
    stop: () => clearTimeout(retryTimer),
  };
}
