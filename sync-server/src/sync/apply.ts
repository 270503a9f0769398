import type { z } from 'zod';
import type { mutationSchema } from '@shared/sync';
import type { SubscriptionTier } from '@shared/user';
import { createChat } from '../chats/create';
import { writeReply } from '../chats/reply';
import { acceptMessage } from '../chats/send';
import { deleteChatOnce } from '../chats/service';
import type { Deps } from '../deps';
import type { UserRow } from '../users/repo';

export type ParsedMutation = z.output<typeof mutationSchema>;

/** The ids of the rows a mutation wrote (or, on a replay, would have written). */
export interface Written {
  chatIds: string[];
  messageIds: string[];
  tombstoneIds: string[];
}

/**
 * Applies one mutation through the chats use cases, which are idempotent on the client's
 * chat and message ids: the same mutation twice (even at once) leaves one chat, one message
 * and one reply.
 */
export async function applyMutation(
  deps: Deps,
  props: { user: UserRow; tier: SubscriptionTier; mutation: ParsedMutation; signal?: AbortSignal },
): Promise<Written> {
  const { user, tier, mutation, signal } = props;
  switch (mutation.type) {
    case 'createChat': {
      const { id, messageId, personaId, isEmptyChatCreation, message, ...ocr } = mutation.chat;
      const { chat, messages } = await createChat(deps, {
        user,
        tier,
        id,
        personaId,
        isEmptyChatCreation,
        messageId,
        message: message === undefined ? undefined : { ...ocr, message },
        signal,
      });
      return { chatIds: [chat.id], messageIds: messages.map((m) => m.id), tombstoneIds: [] };
    }
    case 'sendMessage': {
      const accepted = acceptMessage(deps, {
        userId: user.id,
        tier,
        chatId: mutation.chatId,
        message: mutation.message,
      });
      const reply = await writeReply(deps, { user, accepted, signal });
      return {
        chatIds: [accepted.chat.id],
        messageIds: [accepted.userMessage.id, reply.id],
        tombstoneIds: [],
      };
    }
    case 'deleteChat':
      deleteChatOnce(deps, { userId: user.id, chatId: mutation.chatId });
      return { chatIds: [], messageIds: [], tombstoneIds: [mutation.chatId] };
  }
}
