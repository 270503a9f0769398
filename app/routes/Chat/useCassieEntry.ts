import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_PERSONA_ID } from '@shared/personas';
import { saveChat, saveChatList } from '../../db/chats';
import { createChat, listChats } from '../../http/chats';

/**
 * bestie=cassie for a signed-in user with no chat open (spec §4): her most recently updated
 * chat, or else one empty Cassie chat, created once (a ref and a client id guard StrictMode's
 * double effect; the server treats a repeated id as the same create).
 */
export function useCassieEntry(enabled: boolean): void {
  const navigate = useNavigate();
  const started = useRef(false);
  const newChatId = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const chats = await listChats();
        await saveChatList(chats);
        const newest = [...chats].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
        if (newest) {
          await navigate(`/chat/${newest.id}`, { replace: true });
          return;
        }
        newChatId.current ??= crypto.randomUUID();
        const chat = await createChat({
          id: newChatId.current,
          personaId: DEFAULT_PERSONA_ID,
          isEmptyChatCreation: true,
        });
        await saveChat(chat);
        await navigate(`/chat/${chat.id}`, { replace: true });
      } catch (error) {
        // She still has a fresh Cassie chat on screen; her first message creates it.
        console.error('Opening a Cassie chat failed', error);
      }
    })();
  }, [enabled, navigate]);
}
