import { DEFAULT_PERSONA_ID } from '@shared/personas';
import type { SubscriptionTier } from '@shared/user';
import type { Deps } from '../deps';
import type { UserRow } from '../users/repo';
import type { ChatRow, MessageRow } from './repo';
import type { IncomingMessage } from './send';
import { writeReply } from './reply';
import { acceptMessage } from './send';
import { chatWithMessages, firstMessageId, openChat } from './service';

/**
 * POST /api/chats: opens the chat (the same id again is the same chat) and, unless it is
 * created empty, saves her first message and writes the reply. A retry without `messageId`
 * reuses the chat's first message, so a retried create never adds one.
 */
export async function createChat(
  deps: Deps,
  props: {
    user: UserRow;
    tier: SubscriptionTier;
    id?: string;
    personaId?: number;
    isEmptyChatCreation?: boolean;
    messageId?: string;
    message?: Omit<IncomingMessage, 'id'>;
    signal?: AbortSignal;
  },
): Promise<{ chat: ChatRow; messages: MessageRow[]; created: boolean }> {
  const { user, tier } = props;
  const { chat, created } = openChat(deps, {
    userId: user.id,
    tier,
    id: props.id,
    personaId: props.personaId ?? DEFAULT_PERSONA_ID,
  });
  if (!props.isEmptyChatCreation && props.message) {
    const accepted = acceptMessage(deps, {
      userId: user.id,
      tier,
      chatId: chat.id,
      message: {
        ...props.message,
        id: props.messageId ?? firstMessageId(deps, { chatId: chat.id }),
      },
    });
    await writeReply(deps, { user, accepted, signal: props.signal });
  }
  return { ...chatWithMessages(deps, { userId: user.id, chatId: chat.id }), created };
}
