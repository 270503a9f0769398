import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { findChat, messagesOf } from '../../db/chats';
import { isQueuedChat } from '../../db/outbox';
import { ApiError } from '../../http/client';
import type { LocalChat, LocalMessage } from '../../db/db';
import { refreshChat } from './chatActions';

export type ChatView =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'ready'; chat: LocalChat | null; messages: LocalMessage[] };

/**
 * The open chat, read from Dexie while the server's copy is fetched into it. `chatId` is
 * undefined for a fresh chat that exists only on this screen (its messages use `draftId`).
 */
export function useChatView(chatId: string | undefined, draftId: string): ChatView {
  const [missing, setMissing] = useState<string | null>(null);
  const [fetched, setFetched] = useState<string | null>(null);
  const id = chatId ?? draftId;
  const chat = useLiveQuery(() => (chatId ? findChat(chatId) : null), [chatId]);
  const messages = useLiveQuery(() => messagesOf(id), [id]);

  useEffect(() => {
    if (!chatId) return;
    let current = true;
    refreshChat(chatId)
      .then(() => current && setFetched(chatId))
      .catch(async (error: unknown) => {
        // Offline (or a chat made here and not yet synced) she reads the device's copy.
        if (!(error instanceof ApiError) || (await isQueuedChat(chatId))) return;
        console.error('Loading the chat failed', error);
        if (current) setMissing(chatId);
      });
    return () => {
      current = false;
    };
  }, [chatId]);

  if (chatId && missing === chatId) return { status: 'not-found' };
  if (chat === undefined || messages === undefined) return { status: 'loading' };
  if (chatId && chat === null) {
    return fetched === chatId ? { status: 'not-found' } : { status: 'loading' };
  }
  return { status: 'ready', chat, messages };
}
