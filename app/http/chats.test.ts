import { afterEach, describe, expect, it, vi } from 'vitest';
import { aMessage } from '../db/testData';
import { readReplyStream } from './chats';
import { ApiError, failureOf } from './client';

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

function answering(chunks: string[]) {
  const fetchMock = vi.fn(
    async () =>
      new Response(streamOf(chunks), { headers: { 'Content-Type': 'text/event-stream' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('reading a reply as it is written', () => {
  it('GETs the reply stream with cookies and reports each piece, then the saved reply', async () => {
    const body = [
      sse('delta', { text: 'Hey ' }),
      sse('delta', { text: 'you' }),
      sse('reply', aMessage({ id: 'r1', isUser: false, message: 'Hey you' })),
    ].join('');
    const fetchMock = answering([body.slice(0, 20), body.slice(20, 61), body.slice(61)]);
    const pieces: string[] = [];

    const end = await readReplyStream('chat 1', 'm1', (text) => pieces.push(text));

    expect(pieces).toEqual(['Hey ', 'you']);
    expect(end).toMatchObject({ kind: 'reply', reply: { id: 'r1', message: 'Hey you' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/chats/chat%201/replies/m1');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(init.headers).toMatchObject({ Accept: 'text/event-stream' });
    expect(init.body).toBeUndefined();
  });

  it("ends 'failed' with the server's words when the reply could not be written", async () => {
    answering([sse('error', { message: 'Oops', code: 'reply_failed' })]);
    const end = await readReplyStream('c', 'm', () => {});
    expect(end).toEqual({ kind: 'failed', message: 'Oops', code: 'reply_failed' });
  });

  it("ends 'cut-off' when the stream closes before the reply", async () => {
    answering([sse('delta', { text: 'Hey' })]);
    expect(await readReplyStream('c', 'm', () => {})).toEqual({ kind: 'cut-off' });
  });

  it('throws an ApiError whose failure is typed, never a status code to compare', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: 'Chat not found', code: 'not_found' }, { status: 404 }),
      ),
    );
    const error = await readReplyStream('c', 'm', () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(failureOf(error)).toEqual({
      kind: 'refused',
      message: 'Chat not found',
      requiresSubscription: false,
    });
  });
});

describe('failureOf', () => {
  const api = (status: number, body: unknown) =>
    new ApiError(status, 'x', body === undefined ? '' : JSON.stringify(body));

  it('tells no network, signed out, refused for good and a server that may answer later apart', () => {
    expect(failureOf(new TypeError('Failed to fetch'))).toEqual({ kind: 'offline' });
    expect(failureOf(api(401, { message: 'Sign in', code: 'unauthorized' }))).toEqual({
      kind: 'signed-out',
    });
    expect(
      failureOf(api(403, { message: 'Upgrade', code: 's', requiresSubscription: true })),
    ).toEqual({ kind: 'refused', message: 'Upgrade', requiresSubscription: true });
    expect(failureOf(api(503, undefined))).toEqual({ kind: 'server', message: '503: x' });
  });
});
