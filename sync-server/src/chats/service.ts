import { CHAT_PAGE_DEFAULT_LIMIT, chatPageMessages } from '@shared/chat';
import type { ChatPageQuery } from '@shared/chat';
import { canUsePersona, personaById } from '@shared/personas';
import type { Persona } from '@shared/personas';
import type { SubscriptionTier } from '@shared/user';
import { uuidv7 } from '@shared/uuid';
import { inTransaction } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import type { Deps } from '../deps';
import { conflict, notFound, subscriptionRequired, validation } from '../http/errors';
import { deleteImages } from '../images/service';
import { ensureRoomFor, ensureWithinQuota } from '../storage/service';
import { greetingBytes, greetingRow, isGreeting } from './greeting';
import { personaOf } from './present';
import * as repo from './repo';
import type { ChatRow, MessageRow } from './repo';

export const chatNotFound = () => notFound('Chat not found');
export const personaLocked = () => subscriptionRequired('Subscribe to chat with this bestie');
export const messageIdTaken = () => conflict('This message id is already used', 'message_id_taken');

/** Her chat, or 404 when it is missing, deleted or someone else's (never revealed). */
export async function findOwnChat(
  deps: Deps,
  props: { userId: string; chatId: string },
): Promise<ChatRow> {
  const chat = await repo.findChat(deps.db, props.chatId);
  if (!chat || chat.userId !== props.userId || chat.deletedAt !== null) throw chatNotFound();
  return chat;
}

/** Her message (hers, not a reply) in her chat, or 404. */
export async function findOwnMessage(
  deps: Deps,
  props: { userId: string; chatId: string; messageId: string },
): Promise<{ chat: ChatRow; message: MessageRow }> {
  const chat = await findOwnChat(deps, props);
  const message = await repo.findMessage(deps.db, props.messageId);
  if (!message || message.chatId !== chat.id || message.role !== 'user') {
    throw notFound('Message not found');
  }
  return { chat, message };
}

/** The chat's persona, or 403 when her tier does not cover it. */
export function usablePersona(chat: Pick<ChatRow, 'personaId'>, tier: SubscriptionTier): Persona {
  const persona = personaOf(chat);
  if (!canUsePersona(tier, persona)) throw personaLocked();
  return persona;
}

export async function listChats(deps: Deps, props: { userId: string }): Promise<ChatRow[]> {
  return repo.listChats(deps.db, props.userId);
}

/** Her chat with every message (the export); screens read pages (chatPage). */
export async function chatWithMessages(
  deps: Deps,
  props: { userId: string; chatId: string },
): Promise<{ chat: ChatRow; messages: MessageRow[] }> {
  const chat = await findOwnChat(deps, props);
  return { chat, messages: await repo.listMessages(deps.db, chat.id) };
}

/** The image URLs her messages show (a screenshot uploaded but never sent is not among them). */
export async function sentImageUrls(deps: Deps, props: { userId: string }): Promise<string[]> {
  return repo.imageUrlsOfUser(deps.db, props.userId);
}

/** One page of her chat's messages (oldest first) and whether older ones are left. */
export interface MessagePage {
  chat: ChatRow;
  messages: MessageRow[];
  hasMore: boolean;
}

/**
 * Her chat with `limit` of its messages older than `before` (the newest without it), reading
 * only those rows and one more (to know whether older ones are left). A `before` that is not a
 * message of this chat is a 400; a chat she cannot see a 404 first.
 */
export async function chatPage(
  deps: Deps,
  props: { userId: string; chatId: string; query?: ChatPageQuery },
): Promise<MessagePage> {
  const chat = await findOwnChat(deps, props);
  const { limit = CHAT_PAGE_DEFAULT_LIMIT, before } = props.query ?? {};
  let place: { beforeSeq?: number; beforeTime?: number } = {};
  if (before && 'messageId' in before) {
    const message = await repo.findMessage(deps.db, before.messageId);
    if (!message || message.chatId !== chat.id)
      throw validation({ before: chatPageMessages.before });
    place = { beforeSeq: message.chatSeq };
  } else if (before) {
    place = { beforeTime: before.time };
  }
  const rows = await repo.newestMessages(deps.db, { chatId: chat.id, limit: limit + 1, ...place });
  const hasMore = rows.length > limit;
  return { chat, messages: rows.slice(0, limit).reverse(), hasMore };
}

/**
 * Opens a chat with the client's id, or a new one. The same id again by the same user is the
 * same chat (`created: false`); someone else's id is a 404, a chat she deleted a 409, a new
 * chat whose first messages would not fit in her storage a 413. With `greetingId` a new chat
 * opens with the bestie's greeting as its first message, in the same transaction; the same
 * chat again gets none (a retried create adds nothing).
 */
export async function openChat(
  deps: Deps,
  props: {
    userId: string;
    tier: SubscriptionTier;
    id?: string;
    personaId: number;
    /** Bytes a new chat must find room for in her storage (its first message), else 413. */
    roomFor?: number;
    greetingId?: string;
  },
): Promise<{ chat: ChatRow; created: boolean }> {
  const { userId, greetingId } = props;
  const persona = personaById(props.personaId);
  if (!persona) throw notFound('Bestie not found');
  const id = props.id ?? uuidv7(deps.now());
  const existing = await repo.findChat(deps.db, id);
  if (existing) return { chat: sameChat(existing, userId), created: false };
  if (!canUsePersona(props.tier, persona)) throw personaLocked();
  if (greetingId && (await repo.findMessage(deps.db, greetingId))) throw messageIdTaken();
  const bytes = (props.roomFor ?? 0) + (greetingId ? greetingBytes(persona) : 0);
  if (bytes > 0) await ensureRoomFor(deps, { userId, bytes });
  const now = deps.now();
  let created = false;
  try {
    created = await inTransaction(deps.db, async (db) => {
      const changeSeq = await repo.nextChangeSeq(db, userId);
      await repo.insertChat(db, {
        id,
        userId,
        personaId: persona.id,
        title: '',
        createdAt: now,
        updatedAt: now,
        changeSeq,
      });
      if (greetingId) {
        const message = greetingRow({ id: greetingId, chatId: id, userId, persona, now });
        await repo.appendMessage(db, { message });
        await ensureWithinQuota({ ...deps, db }, { userId });
      }
      return true;
    });
  } catch (error) {
    // Two tries of the same create at once: the other one made it.
    if (!isUniqueViolation(error)) throw error;
  }
  const chat = await repo.findChat(deps.db, id);
  if (!chat) throw new Error('The new chat row was not found');
  return { chat: sameChat(chat, userId), created };
}

function sameChat(chat: ChatRow, userId: string): ChatRow {
  if (chat.userId !== userId) throw chatNotFound();
  if (chat.deletedAt !== null) throw conflict('This chat was deleted', 'chat_deleted');
  return chat;
}

/** The greeting with this id in her chat, if the chat opened with one. */
export async function findGreeting(
  deps: Deps,
  props: { chatId: string; id: string },
): Promise<MessageRow | undefined> {
  const message = await repo.findMessage(deps.db, props.id);
  return message?.chatId === props.chatId && isGreeting(message) ? message : undefined;
}

/** The id of the chat's first message, so a retried create without messageId reuses it. */
export async function firstMessageId(
  deps: Deps,
  props: { chatId: string },
): Promise<string | undefined> {
  return repo.firstUserMessageId(deps.db, props.chatId);
}

/**
 * Deletes her chat: a tombstone stays for sync, the messages go, and so do the images they
 * showed (unless another of her chats shows them too).
 */
export async function deleteChat(
  deps: Deps,
  props: { userId: string; chatId: string },
): Promise<void> {
  const chat = await findOwnChat(deps, props);
  const imageUrls = await repo.imageUrlsOfChat(deps.db, chat.id);
  await inTransaction(deps.db, async (db) => {
    const changeSeq = await repo.nextChangeSeq(db, props.userId);
    await repo.tombstoneChat(db, { id: chat.id, changeSeq, deletedAt: deps.now() });
  });
  const stillShown = new Set(await repo.imageUrlsInUse(deps.db, props.userId, imageUrls));
  await deleteImages(deps, {
    userId: props.userId,
    urls: imageUrls.filter((url) => !stillShown.has(url)),
  });
}

/**
 * Gives her chat the name she chose (trimmed by the schema). The last rename applied wins; a
 * rename does not move the chat in her list (its time stays), and later messages keep it.
 */
export async function renameChat(
  deps: Deps,
  props: { userId: string; chatId: string; title: string },
): Promise<void> {
  const chat = await findOwnChat(deps, props);
  await inTransaction(deps.db, async (db) => {
    const changeSeq = await repo.nextChangeSeq(db, props.userId);
    await repo.renameChat(db, { id: chat.id, title: props.title, changeSeq });
  });
}

/** Deletes her chat; a chat she already deleted stays deleted (a replayed delete is no error). */
export async function deleteChatOnce(
  deps: Deps,
  props: { userId: string; chatId: string },
): Promise<void> {
  const chat = await repo.findChat(deps.db, props.chatId);
  if (chat && chat.userId === props.userId && chat.deletedAt !== null) return;
  await deleteChat(deps, props);
}
