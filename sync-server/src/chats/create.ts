import type { z } from 'zod';
import type { createChatSchema } from '@shared/chat-schema';
import { DEFAULT_PERSONA_ID } from '@shared/personas';
import type { SubscriptionTier } from '@shared/user';
import type { Deps } from '../deps';
import { ensureOwnImageUrl } from '../images/service';
import type { ChatRow, MessageRow } from './repo';
import type { AcceptedMessage } from '../replies/send';
import { acceptMessage, incomingMessageBytes } from '../replies/send';
import { findGreeting, firstMessageId, openChat } from './service';

/** A new chat as both doors receive it: the body of POST /api/chats, a createChat mutation. */
export type NewChatBody = z.output<typeof createChatSchema>;

/**
 * Opens the chat (the same id again is the same chat) and, unless it is created empty,
 * accepts her first message, whose reply is a job written afterwards. A retry without
 * `messageId` reuses the chat's first message, so a retried create never adds one. With
 * `greetingId` a new chat first gets the bestie's greeting (`greeting`, also on a retry).
 */
export async function startChat(
  deps: Deps,
  props: { userId: string; tier: SubscriptionTier; body: NewChatBody },
): Promise<{
  chat: ChatRow;
  created: boolean;
  greeting: MessageRow | undefined;
  accepted: AcceptedMessage | undefined;
}> {
  const { userId, tier } = props;
  const { id, messageId, greetingId, personaId, isEmptyChatCreation, message, ...ocr } = props.body;
  const empty = isEmptyChatCreation || message === undefined;
  // A first message showing someone else's image (or any other URL) opens no chat either.
  if (!empty) await ensureOwnImageUrl(deps, { userId, imageUrl: ocr.imageUrl });
  const { chat, created } = await openChat(deps, {
    userId,
    tier,
    id,
    personaId: personaId ?? DEFAULT_PERSONA_ID,
    // A new chat is not even opened when its first message would not fit in her storage.
    roomFor: empty ? 0 : incomingMessageBytes({ ...ocr, message }),
    greetingId,
  });
  const greeting = greetingId
    ? await findGreeting(deps, { chatId: chat.id, id: greetingId })
    : undefined;
  if (empty) {
    return { chat, created, greeting, accepted: undefined };
  }
  const accepted = await acceptMessage(deps, {
    userId,
    tier,
    chatId: chat.id,
    message: {
      ...ocr,
      message,
      id: messageId ?? (await firstMessageId(deps, { chatId: chat.id })),
    },
  });
  return { chat: accepted.chat, created, greeting, accepted };
}
