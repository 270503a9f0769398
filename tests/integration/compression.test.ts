import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyStreamPath } from '@shared/chat';
import { seedHistory } from '../../bench/seed';
import { FakeOpenAi } from './fakes/openai';
import { grant, signedInClient } from './fakes/besties';
import { push, sendMessage } from './fakes/sync';
import type { Client, TestServer } from './harness';
import { makeDataDir, startTestServer } from './harness';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they crossed the wire. */
  wire: Buffer;
  /** The body decoded as the browser would. */
  text: string;
}

/** A raw GET (fetch would decode the body and hide its size on the wire). */
function rawGet(url: string, headers: Record<string, string>, client?: Client): Promise<RawAnswer> {
  const cookie = client?.cookieHeader();
  return new Promise((resolve, reject) => {
    const req = request(new URL(url), { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded =
          encoding === 'br'
            ? brotliDecompressSync(wire)
            : encoding === 'gzip'
              ? gunzipSync(wire)
              : wire;
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          wire,
          text: decoded.toString(),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const BIG_SCRIPT = `console.log(${JSON.stringify('besties '.repeat(2000))});`;

describe('compressed answers', () => {
  let server: TestServer;
  let client: Client;
  let pullUrl: string;

  beforeAll(async () => {
    const dataDir = await makeDataDir();
    const dist = path.join(dataDir, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Besties</title>');
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), BIG_SCRIPT);
    server = await startTestServer({ dataDir, env: { STATIC_DIR: dist } });
    const signedIn = await signedInClient(server, 'compress');
    client = signedIn.client;
    await seedHistory(server.db, { userId: signedIn.userId, chats: 10, messagesPerChat: 20 });
    pullUrl = `${server.url}/api/sync/pull?cursor=0&limit=1000`;
  });
  afterAll(async () => {
    await server.stop();
  });

  it('sends a pull page with brotli when her browser accepts it, the same JSON in far fewer bytes', async () => {
    const plain = await rawGet(pullUrl, {}, client);
    const brotli = await rawGet(pullUrl, { 'accept-encoding': 'gzip, deflate, br' }, client);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A cache must not give the plain answer to a browser that asked for brotli, or back.
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(plain.headers['content-length'])).toBe(plain.wire.length);
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^application\/json/);
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(brotli.text)).toEqual(JSON.parse(plain.text));
    expect(brotli.wire.length).toBeLessThan(plain.wire.length / 5);
    // Compressed in one go: its length is known up front, not streamed in chunks.
    expect(Number(brotli.headers['content-length'])).toBe(brotli.wire.length);
    expect(brotli.headers['transfer-encoding']).toBeUndefined();
  });

  it('sends her chat list with brotli, the same list as without, and gzip to a gzip-only browser', async () => {
    const listUrl = `${server.url}/api/chats`;
    const plain = await rawGet(listUrl, {}, client);
    const brotli = await rawGet(listUrl, { 'accept-encoding': 'gzip, deflate, br, zstd' }, client);
    const gzip = await rawGet(listUrl, { 'accept-encoding': 'gzip' }, client);
    expect(JSON.parse(plain.text)).toHaveLength(10);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const answer of [brotli, gzip]) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(JSON.parse(answer.text)).toEqual(JSON.parse(plain.text));
      expect(answer.wire.length).toBeLessThan(plain.wire.length / 2);
    }
  });

  it('falls back to gzip when that is all her browser accepts', async () => {
    const gzip = await rawGet(pullUrl, { 'accept-encoding': 'gzip' }, client);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gzip.text).messages).toHaveLength(200);
  });

  it('leaves a tiny answer as it is', async () => {
    const tiny = await rawGet(`${server.url}/api/user`, { 'accept-encoding': 'gzip, br' }, client);
    expect(tiny.status).toBe(200);
    expect(JSON.parse(tiny.text)).toMatchObject({ email: expect.stringContaining('compress') });
    expect(tiny.wire.length).toBeLessThan(1024);
    expect(tiny.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the built app files it serves', async () => {
    const script = await rawGet(`${server.url}/assets/app-abc123.js`, {
      'accept-encoding': 'gzip, br',
    });
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.text).toBe(BIG_SCRIPT);
    expect(script.wire.length).toBeLessThan(BIG_SCRIPT.length / 10);
  });
});

/** Reads an event stream until `until` is in it; answers what was read so far. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  until: string,
  seen = '',
): Promise<string> {
  const decoder = new TextDecoder();
  while (!seen.includes(until)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    seen += decoder.decode(chunk.value, { stream: true });
  }
  return seen;
}

describe('event streams are never compressed nor held back', () => {
  const fake = new FakeOpenAi();
  let server: TestServer;
  const ACCEPT = { accept: 'text/event-stream', 'accept-encoding': 'gzip, br' };

  beforeAll(async () => {
    await fake.start();
    server = await startTestServer({
      env: { OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'fake-model' },
    });
  });
  afterAll(async () => {
    fake.release();
    await server.stop();
    await fake.stop();
  });

  it('sends her saved message at once while the bestie is still thinking', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'premium');
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true, personaId: 2 });
    fake.hold();
    const response = await fetch(`${server.url}/api/chats/${chat.body.id}/messages`, {
      method: 'POST',
      headers: { ...ACCEPT, 'content-type': 'application/json', cookie: client.cookieHeader() },
      body: JSON.stringify({ id: randomUUID(), message: 'Guess what happened at school' }),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body!.getReader();
    // The model answers nothing until released: the stream cannot have ended.
    const seen = await readUntil(reader, 'event: user');
    expect(seen).toContain('event: user');
    expect(seen).not.toContain('event: reply');
    fake.release();
    expect(await readUntil(reader, 'event: reply', seen)).toContain(fake.reply);
  });

  it('streams a live reply piece by piece, the first before the stream ends', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'premium');
    const chatId = randomUUID();
    await client.post('/api/chats', { id: chatId, isEmptyChatCreation: true, personaId: 2 });
    fake.pieceDelayMs = 150;
    try {
      const messageId = randomUUID();
      expect((await push(client, [sendMessage(chatId, 'Tell me all', messageId)])).status).toBe(
        200,
      );
      const response = await fetch(`${server.url}${replyStreamPath(chatId, messageId)}`, {
        headers: { ...ACCEPT, cookie: client.cookieHeader() },
      });
      expect(response.headers.get('content-encoding')).toBeNull();
      const reader = response.body!.getReader();
      const first = await readUntil(reader, 'event: delta');
      expect(first).toContain('event: delta');
      expect(first).not.toContain('event: reply');
      expect(await readUntil(reader, 'event: reply', first)).toContain('event: reply');
    } finally {
      fake.pieceDelayMs = 0;
    }
  });
});
