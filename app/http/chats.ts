import { replyStreamPath, type ChatMessage } from '@shared/chat';
import { apiRequest } from './client';
import { readSseStream } from './sse';

/** How a reply stream ended: with the saved reply, the reason it failed, or cut off early. */
export type ReplyStreamEnd =
  | { kind: 'reply'; reply: ChatMessage }
  | { kind: 'failed'; message: string; code: string }
  | { kind: 'cut-off' };

/**
 * Reads the reply to her message `messageId` as it is written (GET, server-sent events): its
 * text piece by piece through `onDelta`, then how it ended. Throws ApiError when the server
 * refuses the read, and whatever fetch throws when there is no network.
 */
export async function readReplyStream(
  chatId: string,
  messageId: string,
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<ReplyStreamEnd> {
  const response = await apiRequest('GET', replyStreamPath(chatId, messageId), undefined, {
    accept: 'text/event-stream',
    signal,
  });
  if (!response.body) return { kind: 'cut-off' };
  let end: ReplyStreamEnd = { kind: 'cut-off' };
  await readSseStream(response.body, ({ event, data }) => {
    const value: unknown = JSON.parse(data);
    if (event === 'delta') onDelta((value as { text: string }).text);
    else if (event === 'reply') end = { kind: 'reply', reply: value as ChatMessage };
    else if (event === 'error')
      end = { kind: 'failed', ...(value as { message: string; code: string }) };
  });
  return end;
}
