import type { ChatMessage } from '@shared/chat';
import type { PersonaRef } from '@shared/chat';
import { DEFAULT_PERSONA_ID, personaById } from '@shared/personas';
import {
  findChat,
  markMessageFailed,
  removeMessage,
  saveChat,
  saveChatList,
  saveMessage,
} from '../../db/chats';
import {
  outboxSize,
  queueDeleteChat,
  queueMessage,
  queueNewChat,
  removeFromOutbox,
} from '../../db/outbox';
import {
  createChat,
  getChat,
  listChats,
  ReplyFailedError,
  sendMessageStreaming,
} from '../../http/chats';
import { ApiError } from '../../http/client';
import { syncNow } from '../../sync/runtime';
import { appendReply, endReply, replySaved, startReply } from './replyStream';

/** How a send ended, for the screen to react (navigate, give the text back, offer an upgrade). */
export type SendOutcome =
  | { kind: 'replied'; reply: ChatMessage; created: boolean }
  | { kind: 'refused'; requiresSubscription: boolean }
  | { kind: 'queued'; created: boolean }
  | { kind: 'failed' };

export interface SendInput {
  chatId: string;
  messageId: string;
  text: string;
  /** The bestie of a chat that does not exist yet. */
  personaId?: number;
}

const REPLY_FAILED = "Your bestie couldn't answer just now.";
const NOT_SENT = 'Not sent. Check your connection and try again.';

const isOffline = () => typeof navigator !== 'undefined' && !navigator.onLine;

export function personaRef(personaId: number): PersonaRef {
  const persona = personaById(personaId) ?? personaById(DEFAULT_PERSONA_ID);
  if (!persona) throw new Error('No default persona');
  const { id, name, description, avatar } = persona;
  return { id, name, description, avatar };
}

/**
 * Sends her message. It is written on the device with its outbox entry first, so it shows at
 * once and survives a reload. Online with nothing else waiting, the reply is streamed here
 * (or the chat created on its first message) and the entry cleared; offline, or behind other
 * queued writes, it stays queued and the sync engine delivers it in order. If the send fails
 * it stays, failed, ready to retry with the same id (the server never duplicates it).
 */
export async function sendText(input: SendInput): Promise<SendOutcome> {
  const { chatId, messageId, text, personaId = DEFAULT_PERSONA_ID } = input;
  const exists = (await findChat(chatId)) !== null;
  const waiting = await outboxSize();
  const mutationId = await queueMessage({
    chatId,
    messageId,
    text,
    newChat: exists ? undefined : { persona: personaRef(personaId) },
  });
  if (isOffline() || waiting > 0) {
    void syncNow();
    return { kind: 'queued', created: !exists };
  }
  startReply(chatId);
  try {
    const reply = exists ? await appendToChat(input) : await createWithMessage(input);
    await removeFromOutbox([mutationId]);
    // The screen ends the reply in progress once it shows the saved one.
    replySaved(chatId, reply.id);
    return { kind: 'replied', reply, created: !exists };
  } catch (error) {
    endReply(chatId);
    if (error instanceof ApiError && (error.status === 403 || error.status === 400)) {
      await removeFromOutbox([mutationId]);
      await removeMessage(messageId);
      return { kind: 'refused', requiresSubscription: Boolean(error.body?.requiresSubscription) };
    }
    const replyFailed =
      error instanceof ReplyFailedError || (error instanceof ApiError && error.status >= 500);
    if (!replyFailed && !(error instanceof ApiError)) {
      // The network went away mid-send: it stays queued and sync delivers it.
      void syncNow();
      return { kind: 'queued', created: !exists };
    }
    await removeFromOutbox([mutationId]);
    await markMessageFailed(messageId, replyFailed ? REPLY_FAILED : NOT_SENT);
    console.error('Sending a message failed', error);
    return { kind: 'failed' };
  }
}

async function appendToChat({ chatId, messageId, text }: SendInput): Promise<ChatMessage> {
  const chat = await findChat(chatId);
  let reply = null as ChatMessage | null;
  await sendMessageStreaming(
    chatId,
    { id: messageId, message: text, isTeaser: chat?.persona.id === DEFAULT_PERSONA_ID },
    {
      onUserMessage: (message) => void saveMessage(message),
      onDelta: (delta) => appendReply(chatId, delta),
      onReply: (message) => (reply = message),
    },
  );
  if (!reply) throw new ReplyFailedError(REPLY_FAILED, 'no_reply');
  await saveMessage(reply);
  void refreshChat(chatId);
  return reply;
}

async function createWithMessage(input: SendInput): Promise<ChatMessage> {
  const { chatId, messageId, text, personaId = DEFAULT_PERSONA_ID } = input;
  try {
    const chat = await createChat({
      id: chatId,
      messageId,
      message: text,
      personaId,
      isTeaser: personaId === DEFAULT_PERSONA_ID,
    });
    await saveChat(chat);
    const reply = chat.messages.findLast((message) => !message.isUser);
    if (!reply) throw new ReplyFailedError(REPLY_FAILED, 'no_reply');
    return reply;
  } catch (error) {
    // The chat and her message exist when only the reply failed: keep the chat so a retry
    // asks for the reply again rather than creating anything twice.
    if (error instanceof ApiError && error.status === 502) await refreshChat(chatId);
    throw error;
  }
}

/** Loads one chat into Dexie. Throws ApiError (404: gone or never hers). */
export async function refreshChat(chatId: string): Promise<void> {
  await saveChat(await getChat(chatId));
}

/** Loads her chat list into Dexie; an error keeps what the device has (spec §7). */
export async function refreshChatList(): Promise<void> {
  try {
    await saveChatList(await listChats());
  } catch (error) {
    console.error('Loading the chat list failed', error);
  }
}

/** A new, empty chat with a bestie, made on the device first; resolves with its id. */
export async function startPersonaChat(personaId: number): Promise<string> {
  const id = crypto.randomUUID();
  await queueNewChat({ chatId: id, persona: personaRef(personaId) });
  await syncNow();
  return id;
}

/** Deletes a chat here at once; the server hears of it through the outbox (spec §8). */
export async function removeChat(chatId: string): Promise<void> {
  await queueDeleteChat(chatId);
  await syncNow();
}
