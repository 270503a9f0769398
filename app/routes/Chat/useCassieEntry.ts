import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_PERSONA_ID } from '@shared/personas';
import { chatsNewestFirst } from '../../db/chats';
import { settledSelector, useSyncStore } from '../../sync/useSyncStore';
import { startEmptyChat } from './chatActions';

/**
 * bestie=cassie for a signed-in user with no chat open (spec §4): her most recently updated
 * chat with Cassie ('Chat with Cassie' never opens another bestie's chat), or else
 * one empty Cassie chat, made on the device with `freshId`, the id of the fresh chat already
 * on screen, so opening it keeps the same screen and what she typed. Waits until sync has told
 * the device what the server has (or cannot). Returns true while it decides.
 */
export function useCassieEntry(enabled: boolean, freshId: string): boolean {
  const navigate = useNavigate();
  const settled = useSyncStore(settledSelector);
  const started = useRef(false);
  const [deciding, setDeciding] = useState(enabled);

  useEffect(() => {
    if (!enabled || !settled || started.current) return;
    started.current = true;
    void (async () => {
      const chats = await chatsNewestFirst();
      const newest = chats.find((chat) => chat.persona.id === DEFAULT_PERSONA_ID);
      const id = newest?.id ?? (await startEmptyChat(DEFAULT_PERSONA_ID, freshId));
      await navigate(`/chat/${id}`, { replace: true });
      setDeciding(false);
    })();
  }, [enabled, settled, freshId, navigate]);

  return enabled && deciding;
}
