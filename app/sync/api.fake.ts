import { vi } from 'vitest';
import { encodePullPage } from '@shared/compact-pull';
import type { Mutation } from '@shared/sync';
import { FakeSyncServer } from './server.fake';

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The API the app talks to, faked behind `fetch` for screen tests: sync push and pull, and
 * the reply stream, all backed by one FakeSyncServer. Any other call is a JSON 404, so a
 * screen that still wrote over REST would fail its test.
 */
export function fakeSyncApi(server = new FakeSyncServer()) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    if (method === 'POST' && url.pathname === '/api/sync/push') {
      const { mutations } = JSON.parse(String(init.body)) as { mutations: Mutation[] };
      return Response.json(await server.push(mutations));
    }
    if (method === 'GET' && url.pathname === '/api/sync/pull') {
      const page = await server.pull(Number(url.searchParams.get('cursor') ?? 0));
      return Response.json(
        url.searchParams.get('format') === 'compact' ? encodePullPage(page) : page,
      );
    }
    if (method === 'POST' && url.pathname === '/api/ocr/upload') {
      const form = init.body as FormData;
      const image = form.get('image') as Blob;
      const { imageUrl } = await server.uploadImage(image, String(form.get('text') ?? ''));
      return Response.json({ text: '', imageUrl, enhancedResult: null }, { status: 201 });
    }
    const stream = /^\/api\/chats\/([^/]+)\/replies\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && stream) return replyStream(server, decodeURIComponent(stream[2]!));
    return Response.json({ message: 'Not found', code: 'not_found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = () =>
    fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
  return { server, fetchMock, calls };
}

function replyStream(server: FakeSyncServer, messageId: string): Response | Promise<Response> {
  if (server.replyStreamsHang) return new Promise<Response>(() => {});
  if (!server.message(messageId)) {
    return Response.json({ message: 'Not found', code: 'not_found' }, { status: 404 });
  }
  const written = server.writeReply(messageId);
  const events =
    'reply' in written
      ? [
          // As the server does: a teaser (or a reply already written) comes as one piece.
          ...(written.pieces.length ? written.pieces : [written.reply.message]).map((text) =>
            sse('delta', { text }),
          ),
          sse('reply', written.reply),
        ]
      : [sse('error', { message: written.failure, code: 'reply_failed' })];
  return new Response(events.join(''), { headers: { 'Content-Type': 'text/event-stream' } });
}
