import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { findChat, holdsMessages, recentTimestampsOf } from '../../db/chats';
import type { LocalChat, LocalMessage } from '../../db/db';
import { settledSelector, useSyncStore } from '../../sync/useSyncStore';
import { useMessagePages, type OlderMessages } from './useMessagePages';
import { needsAiReminder, REMINDER_AFTER_MS } from './welcome';

export type ChatView =
  | { status: 'loading' }
  | { status: 'not-found' }
  | {
      status: 'ready';
      chat: LocalChat | null;
      /** The newest page(s) of the chat, not all of it (useMessagePages). */
      messages: LocalMessage[];
      older: OlderMessages;
      loadOlder: () => void;
      /** She has been chatting for hours on end (judged on the whole chat, not the page). */
      aiReminder: boolean;
    };

/**
 * The open chat, read from the device (the sync engine keeps it up to date). `id` is the chat
 * in the URL, or the id a fresh chat will have once her first message creates it
 * (`inUrl` false). A chat in the URL that the device does not have, once sync has told it all
 * it knows, is not found. A visitor's device has no sync to wait for: it knows all it will.
 */
export function useChatView(id: string, inUrl: boolean, visitor: boolean): ChatView {
  const settled = useSyncStore(settledSelector) || visitor;
  // Read again once sync has settled, so "not found" is judged on what the device has after
  // the pull, never on a read from before it.
  const read = useLiveQuery(
    async () => ({ chat: await findChat(id), hasMessages: await holdsMessages(id), settled }),
    [id, settled],
  );
  const { messages, older, loadOlder } = useMessagePages(id);
  const recentTimes = useLiveQuery(() => recentTimestampsOf(id, REMINDER_AFTER_MS), [id]);
  // A chat begun on this screen opens at its URL before the query has caught up with it.
  const [begunHere] = useState(!inUrl);

  if (read === undefined || messages === undefined) return { status: 'loading' };
  const { chat } = read;
  if (inUrl && chat === null && !begunHere) {
    return read.settled ? { status: 'not-found' } : { status: 'loading' };
  }
  // The two reads catch up with a pull one after the other: a chat whose messages are here but
  // not yet read into the page is still loading (its welcome would flash before them).
  if (read.hasMessages && messages.length === 0) return { status: 'loading' };
  const aiReminder = needsAiReminder(recentTimes ?? []);
  return { status: 'ready', chat, messages, older, loadOlder, aiReminder };
}
