import { chatsNewestFirst, holdsMessages } from '../../db/chats';
import { claimDevice } from '../../db/account';
import { useUserStore } from '../../state/useUserStore';
import { settledSelector, useSyncStore } from '../../sync/useSyncStore';

/** Resolves once sync has told the device what the server has (or cannot). */
function settled(): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!settledSelector(useSyncStore.getState())) return;
      stop();
      resolve();
    };
    const stop = useSyncStore.subscribe(check);
    check();
  });
}

/**
 * Where a visitor's words held while she logged in go, once her chats are on the
 * device: her newest chat with the bestie that holds no message yet (the empty Cassie chat
 * bestie=cassie made), not a second one beside it; undefined for a new chat. The device is
 * made hers first, so another user's data left here is wiped before her words are written,
 * never after (which would lose them). It comes with the login modal (LoginModal.tsx), not
 * with the chat screen.
 */
export async function chatForHeldWords(personaId: number): Promise<string | undefined> {
  const { user } = useUserStore.getState();
  if (user) await claimDevice(user);
  await settled();
  for (const chat of await chatsNewestFirst()) {
    if (chat.persona.id === personaId && !(await holdsMessages(chat.id))) return chat.id;
  }
  return undefined;
}
