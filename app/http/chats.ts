import type {
  Chat,
  ChatMessage,
  ChatSummary,
  CreateChatBody,
  SendMessageAnswer,
  SendMessageBody,
} from '@shared/chat';
import { ApiError, apiJson } from './client';
import { readSseStream } from './sse';

export function listChats(): Promise<ChatSummary[]> {
  return apiJson<ChatSummary[]>('GET', '/api/chats');
}

export function getChat(id: string): Promise<Chat> {
  return apiJson<Chat>('GET', `/api/chats/${encodeURIComponent(id)}`);
}

export function createChat(body: CreateChatBody): Promise<Chat> {
  return apiJson<Chat>('POST', '/api/chats', body);
}

export async function deleteChat(id: string): Promise<void> {
  await apiJson<unknown>('DELETE', `/api/chats/${encodeURIComponent(id)}`);
}

export interface ReplyHandlers {
  onUserMessage: (message: ChatMessage) => void;
  onDelta: (text: string) => void;
  onReply: (message: ChatMessage) => void;
}

/** The reply could not be made; her message is saved, and resending its id retries. */
export class ReplyFailedError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.name = 'ReplyFailedError';
    this.code = code;
  }
}

/**
 * POST /api/chats/{id}/messages as a stream of server-sent events: her saved message, the
 * reply's text as it grows, then the saved reply. A server that answers JSON works too.
 * Throws ApiError for a refused send and ReplyFailedError when the reply failed mid-stream.
 */
export async function sendMessageStreaming(
  chatId: string,
  body: SendMessageBody,
  handlers: ReplyHandlers,
): Promise<void> {
  const response = await fetch(`/api/chats/${encodeURIComponent(chatId)}/messages`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, text);
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('text/event-stream') || !response.body) {
    const answer = (await response.json()) as SendMessageAnswer;
    handlers.onUserMessage(answer.userMessage);
    handlers.onReply(answer.reply);
    return;
  }
  let failure: ReplyFailedError | null = null;
  let replied = false;
  await readSseStream(response.body, ({ event, data }) => {
    const value: unknown = JSON.parse(data);
    if (event === 'user') handlers.onUserMessage(value as ChatMessage);
    else if (event === 'delta') handlers.onDelta((value as { text: string }).text);
    else if (event === 'reply') {
      replied = true;
      handlers.onReply(value as ChatMessage);
    } else if (event === 'error') {
      const { message, code } = value as { message: string; code: string };
      failure = new ReplyFailedError(message, code);
    }
  });
  if (failure) throw failure;
  if (!replied) throw new ReplyFailedError('The reply was cut off. Please try again.', 'cut_off');
}
