import { CHAT_PAGE_DEFAULT_LIMIT, chatPageMessages } from '@shared/chat';
import type { ChatPageQuery } from '@shared/chat';
import { canUsePersona, personaById } from '@shared/personas';
import type { Persona } from '@shared/personas';
import type { SubscriptionTier } from '@shared/user';
import { uuidv7 } from '@shared/uuid';
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
export function findOwnChat(deps: Deps, props: { userId: string; chatId: string }): ChatRow {
  const chat = repo.findChat(deps.legacyDb, props.chatId);
  if (!chat || chat.userId !== props.userId || chat.deletedAt !== null) throw chatNotFound();
  return chat;
}

/** Her message (hers, not a reply) in her chat, or 404. */
export function findOwnMessage(
  deps: Deps,
  props: { userId: string; chatId: string; messageId: string },
): { chat: ChatRow; message: MessageRow } {
  const chat = findOwnChat(deps, props);
  const message = repo.findMessage(deps.legacyDb, props.messageId);
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

export function listChats(deps: Deps, props: { userId: string }): ChatRow[] {
  return repo.listChats(deps.legacyDb, props.userId);
}

/** Her chat with every message (the export); screens read pages (chatPage). */
export function chatWithMessages(
  deps: Deps,
  props: { userId: string; chatId: string },
): { chat: ChatRow; messages: MessageRow[] } {
  const chat = findOwnChat(deps, props);
  return { chat, messages: repo.listMessages(deps.legacyDb, chat.id) };
}

/** The image URLs her messages show (a screenshot uploaded but never sent is not among them). */
export function sentImageUrls(deps: Deps, props: { userId: string }): string[] {
  return repo.imageUrlsOfUser(deps.legacyDb, props.userId);
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
export function chatPage(
  deps: Deps,
  props: { userId: string; chatId: string; query?: ChatPageQuery },
): MessagePage {
  const chat = findOwnChat(deps, props);
  const { limit = CHAT_PAGE_DEFAULT_LIMIT, before } = props.query ?? {};
  let place: { beforeSeq?: number; beforeTime?: number } = {};
  if (before && 'messageId' in before) {
    const message = repo.findMessage(deps.legacyDb, before.messageId);
    if (!message || message.chatId !== chat.id)
      throw validation({ before: chatPageMessages.before });
    place = { beforeSeq: message.chatSeq };
  } else if (before) {
    place = { beforeTime: before.time };
  }
  const rows = repo.newestMessages(deps.legacyDb, { chatId: chat.id, limit: limit + 1, ...place });
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
export function openChat(
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
): { chat: ChatRow; created: boolean } {
  const { userId, greetingId } = props;
  const persona = personaById(props.personaId);
  if (!persona) throw notFound('Bestie not found');
  const id = props.id ?? uuidv7(deps.now());
  const existing = repo.findChat(deps.legacyDb, id);
  if (existing) return { chat: sameChat(existing, userId), created: false };
  if (!canUsePersona(props.tier, persona)) throw personaLocked();
  if (greetingId && repo.findMessage(deps.legacyDb, greetingId)) throw messageIdTaken();
  const bytes = (props.roomFor ?? 0) + (greetingId ? greetingBytes(persona) : 0);
  if (bytes > 0) ensureRoomFor(deps, { userId, bytes });
  const now = deps.now();
  let created = false;
  try {
    deps.legacyDb.transaction(() => {
      const changeSeq = repo.nextChangeSeq(deps.legacyDb, userId);
      repo.insertChat(deps.legacyDb, {
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
        repo.appendMessage(deps.legacyDb, { message });
        ensureWithinQuota(deps, { userId });
      }
      created = true;
    })();
  } catch (error) {
    // Two tries of the same create at once: the other one made it.
    if (!isUniqueViolation(error)) throw error;
  }
  const chat = repo.findChat(deps.legacyDb, id);
  if (!chat) throw new Error('The new chat row was not found');
  return { chat: sameChat(chat, userId), created };
}

function sameChat(chat: ChatRow, userId: string): ChatRow {
  if (chat.userId !== userId) throw chatNotFound();
  if (chat.deletedAt !== null) throw conflict('This chat was deleted', 'chat_deleted');
  return chat;
}

/** The greeting with this id in her chat, if the chat opened with one. */
export function findGreeting(
  deps: Deps,
  props: { chatId: string; id: string },
): MessageRow | undefined {
  const message = repo.findMessage(deps.legacyDb, props.id);
  return message?.chatId === props.chatId && isGreeting(message) ? message : undefined;
}

/** The id of the chat's first message, so a retried create without messageId reuses it. */
export function firstMessageId(deps: Deps, props: { chatId: string }): string | undefined {
  return repo.firstUserMessageId(deps.legacyDb, props.chatId);
}

/**
 * Deletes her chat: a tombstone stays for sync, the messages go, and so do the images they
 * showed (unless another of her chats shows them too).
 */
export function deleteChat(deps: Deps, props: { userId: string; chatId: string }): void {
  const chat = findOwnChat(deps, props);
  const imageUrls = repo.imageUrlsOfChat(deps.legacyDb, chat.id);
  deps.legacyDb.transaction(() => {
    const changeSeq = repo.nextChangeSeq(deps.legacyDb, props.userId);
    repo.tombstoneChat(deps.legacyDb, { id: chat.id, changeSeq, deletedAt: deps.now() });
  })();
  const stillShown = new Set(repo.imageUrlsInUse(deps.legacyDb, props.userId, imageUrls));
  deleteImages(deps, {
    userId: props.userId,
    urls: imageUrls.filter((url) => !stillShown.has(url)),
  });
}

/** Deletes her chat; a chat she already deleted stays deleted (a replayed delete is no error). */
export function deleteChatOnce(deps: Deps, props: { userId: string; chatId: string }): void {
  const chat = repo.findChat(deps.legacyDb, props.chatId);
  if (chat && chat.userId === props.userId && chat.deletedAt !== null) return;
  deleteChat(deps, props);
}
