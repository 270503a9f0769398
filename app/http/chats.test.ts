import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@shared/chat';
import { aMessage } from '../db/testData';
import { ReplyFailedError, sendMessageStreaming } from './chats';
import { ApiError } from './client';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function collect() {
  const seen: string[] = [];
  return {
    seen,
    handlers: {
      onUserMessage: (m: ChatMessage) => seen.push(`user:${m.id}`),
      onDelta: (text: string) => seen.push(`delta:${text}`),
      onReply: (m: ChatMessage) => seen.push(`reply:${m.id}`),
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('sending a message with a streamed reply', () => {
  it('asks for an event stream with cookies and reports each event in order', async () => {
    const body = [
      sse('user', aMessage({ id: 'm1' })),
      sse('delta', { text: 'Hey ' }),
      sse('delta', { text: 'you' }),
      sse('reply', aMessage({ id: 'm2', isUser: false })),
    ].join('');
    const fetchMock = vi.fn(
      async () =>
        new Response(streamOf([body.slice(0, 30), body.slice(30, 95), body.slice(95)]), {
          headers: { 'Content-Type': 'text/event-stream' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { seen, handlers } = collect();

    await sendMessageStreaming('chat-1', { id: 'm1', message: 'hi' }, handlers);

    expect(seen).toEqual(['user:m1', 'delta:Hey ', 'delta:you', 'reply:m2']);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/chats/chat-1/messages');
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ Accept: 'text/event-stream' });
  });

  it('fails with the server words when the stream ends in an error event', async () => {
    const body =
      sse('user', aMessage({ id: 'm1' })) + sse('error', { message: 'Oops', code: 'reply_failed' });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(streamOf([body]), { headers: { 'Content-Type': 'text/event-stream' } }),
      ),
    );
    const attempt = sendMessageStreaming('c', { message: 'hi' }, collect().handlers);
    await expect(attempt).rejects.toBeInstanceOf(ReplyFailedError);
  });

  it('accepts a JSON answer too', async () => {
    const answer = { userMessage: aMessage({ id: 'u' }), reply: aMessage({ id: 'r' }) };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(answer, { status: 201 })),
    );
    const { seen, handlers } = collect();
    await sendMessageStreaming('c', { message: 'hi' }, handlers);
    expect(seen).toEqual(['user:u', 'reply:r']);
  });

  it('throws an ApiError that knows a subscription is required', async () => {
    const refusal = {
      message: 'Upgrade',
      code: 'subscription_required',
      requiresSubscription: true,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(refusal, { status: 403 })),
    );
    const error = await sendMessageStreaming('c', { message: 'hi' }, collect().handlers).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body?.requiresSubscription).toBe(true);
  });
});
