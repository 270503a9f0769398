import type { ChatMessage } from '../../../shared/chat';
import { DEFAULT_PERSONA_ID } from '../../../shared/personas';
import {
  addPendingMessage,
  deleteLocalChat,
  findChat,
  markMessageFailed,
  removeMessage,
  saveChat,
  saveChatList,
  saveMessage,
} from '../../db/chats';
import {
  createChat,
  deleteChat,
  getChat,
  listChats,
  ReplyFailedError,
  sendMessageStreaming,
} from '../../http/chats';
import { ApiError } from '../../http/client';
import { appendReply, endReply, replySaved, startReply } from './replyStream';

/** How a send ended, for the screen to react (navigate, give the text back, offer an upgrade). */
export type SendOutcome =
  | { kind: 'replied'; reply: ChatMessage; created: boolean }
  | { kind: 'refused'; requiresSubscription: boolean }
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

/**
 * Sends her message: creates the chat on its first message, otherwise streams the reply.
 * Her message shows at once as pending; if anything fails it stays, failed, ready to retry
 * with the same id (the server never duplicates it).
 */
export async function sendText(input: SendInput): Promise<SendOutcome> {
  const { chatId, messageId, text } = input;
  await addPendingMessage({ id: messageId, chatId, text });
  startReply(chatId);
  try {
    const exists = (await findChat(chatId)) !== null;
    const reply = exists ? await appendToChat(input) : await createWithMessage(input);
    // The screen ends the reply in progress once it shows the saved one.
    replySaved(chatId, reply.id);
    return { kind: 'replied', reply, created: !exists };
  } catch (error) {
    endReply(chatId);
    if (error instanceof ApiError && (error.status === 403 || error.status === 400)) {
      await removeMessage(messageId);
      return { kind: 'refused', requiresSubscription: Boolean(error.body?.requiresSubscription) };
    }
    const replyFailed =
      error instanceof ReplyFailedError || (error instanceof ApiError && error.status >= 500);
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

/** A new, empty chat with a bestie; resolves with its id. */
export async function startPersonaChat(personaId: number): Promise<string> {
  const id = crypto.randomUUID();
  const chat = await createChat({ id, personaId, isEmptyChatCreation: true });
  await saveChat(chat);
  return chat.id;
}

/** Deletes a chat; a server error is only logged (spec §8), the device forgets it anyway. */
export async function removeChat(chatId: string): Promise<void> {
  try {
    await deleteChat(chatId);
  } catch (error) {
    console.error('Deleting the chat failed', error);
  }
  await deleteLocalChat(chatId);
  void refreshChatList();
}
