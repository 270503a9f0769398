import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { messagePageOf, olderPageStart } from '../../db/chats';
import type { LocalMessage } from '../../db/db';

/** Whether there is more to read above the first message shown (CONTRIBUTING.md §9: one state). */
export type OlderMessages = 'none' | 'more' | 'loading';

export interface MessagePages {
  /** The messages shown, in chat order; undefined until the first page is read. */
  messages: LocalMessage[] | undefined;
  older: OlderMessages;
  /** Reads the page before the first message shown (nothing when none, or one is on its way). */
  loadOlder: () => void;
}

/** Where the shown messages begin: the newest page (null) or a place she has read back to. */
interface Paging {
  chatId: string;
  fromSeq: number | null;
  /** True from her asking for older messages until they are read. */
  reading: boolean;
}

/**
 * The open chat a page at a time: it opens on its newest page, and each loadOlder
 * adds the page before. Only the start moves: what she has read stays, and every new message
 * (hers, a reply) comes in below, live. Another chat starts at its newest page again.
 */
export function useMessagePages(chatId: string): MessagePages {
  const [paging, setPaging] = useState<Paging>({ chatId, fromSeq: null, reading: false });
  const current = paging.chatId === chatId ? paging : { chatId, fromSeq: null, reading: false };
  const { fromSeq } = current;
  const page = useLiveQuery(
    async () => ({ chatId, fromSeq, ...(await messagePageOf(chatId, fromSeq)) }),
    [chatId, fromSeq],
  );
  // Until the page she asked for is read, the one before stays on screen (same chat only).
  const shown = page?.chatId === chatId ? page : undefined;
  const fresh = shown?.fromSeq === fromSeq;
  const older: OlderMessages =
    current.reading || (shown && !fresh) ? 'loading' : shown?.hasOlder ? 'more' : 'none';

  function loadOlder() {
    const oldest = shown?.messages[0]?.seq;
    if (older !== 'more' || oldest === undefined || oldest === null) return;
    setPaging({ chatId, fromSeq, reading: true });
    void olderPageStart(chatId, oldest).then(
      (start) => setPaging({ chatId, fromSeq: start, reading: false }),
      () => setPaging({ chatId, fromSeq, reading: false }),
    );
  }

  return { messages: shown?.messages, older, loadOlder };
}
