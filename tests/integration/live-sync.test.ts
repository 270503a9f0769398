import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_EVENTS_PATH } from '@shared/sync';
import { MAX_STREAMS_PER_USER } from '../../sync-server/src/sync/events';
import { parseEvents, signedInClient } from './fakes/besties';
import type { StreamEvent } from './fakes/besties';
import { createChat, pullAll, push, repliesWritten } from './fakes/sync';
import type { Client, TestServer } from './harness';
import { startTestServer } from './harness';

let server: TestServer;
const open: LiveStream[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});
afterAll(async () => {
  await server.stop();
});

interface LiveStream {
  status: number;
  headers: Headers;
  /** Every event so far, and the raw text. */
  events(): StreamEvent[];
  text(): string;
  /** Resolves with the events once `count` of them have arrived, or rejects after `ms`. */
  waitFor(count: number, ms: number): Promise<StreamEvent[]>;
  close(): void;
}

/** GET /api/sync/events as a browser's EventSource asks it, read as it arrives. */
async function follow(client: Client): Promise<LiveStream> {
  const abort = new AbortController();
  const response = await fetch(new URL(SYNC_EVENTS_PATH, server.url), {
    headers: {
      accept: 'text/event-stream',
      'accept-encoding': 'gzip, br',
      ...(client.cookies.size > 0 ? { cookie: client.cookieHeader() } : {}),
    },
    signal: abort.signal,
  });
  let text = '';
  const waiting = new Set<() => void>();
  if (response.status === 200 && response.body) {
    const decoder = new TextDecoder();
    void (async () => {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        for (const wake of waiting) wake();
      }
    })().catch(() => undefined);
  } else {
    text = await response.text();
  }
  const stream: LiveStream = {
    status: response.status,
    headers: response.headers,
    events: () => parseEvents(text),
    text: () => text,
    waitFor: (count, ms) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (stream.events().length < count) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(stream.events());
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`${count} event(s) did not come within ${ms} ms: ${text}`));
        }, ms);
        waiting.add(check);
        check();
      }),
    close: () => abort.abort(),
  };
  open.push(stream);
  return stream;
}

/** Her second device: the same account, signed in on another client. */
async function secondDevice(email: string): Promise<Client> {
  const client = server.client();
  const answer = await client.post('/api/login', { email, password: 'bestie-pass' });
  expect(answer.status).toBe(200);
  return client;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /api/sync/events', () => {
  it('answers 401 to a visitor', async () => {
    const stream = await follow(server.client());
    expect(stream.status).toBe(401);
    expect(JSON.parse(stream.text())).toMatchObject({ code: 'unauthorized' });
  });

  it('opens an uncompressed event stream with a retry hint at once', async () => {
    const { client } = await signedInClient(server);
    const stream = await follow(client);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('cache-control')).toContain('no-cache');
    await expect.poll(() => stream.text()).toMatch(/^retry: \d+\n/);
    expect(stream.events()).toEqual([]);
  });

  it("tells her other device within a second of a push, and not another user's", async () => {
    const { client: phone, email } = await signedInClient(server);
    const laptop = await secondDevice(email);
    const { client: stranger } = await signedInClient(server);
    const onLaptop = await follow(laptop);
    const onStranger = await follow(stranger);
    await expect.poll(() => onLaptop.text()).toContain('retry:');

    const started = Date.now();
    const mutation = createChat(randomUUID(), 'Hi Cassie, from my phone');
    expect((await push(phone, [mutation])).status).toBe(200);
    const [event] = await onLaptop.waitFor(1, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(event?.event).toBe('changed');
    // Her change sequence number, never her words.
    expect(Object.keys(event?.data)).toEqual(['seq']);
    expect(event?.data.seq).toBeGreaterThan(0);
    expect(onLaptop.text()).not.toContain('Cassie');

    // The reply the job writes after the push is news too: the last event names its number.
    await repliesWritten(phone, [mutation]);
    const { cursor } = await pullAll(laptop);
    await expect.poll(() => onLaptop.events().at(-1)?.data.seq, { timeout: 1000 }).toBe(cursor);
    expect(cursor).toBeGreaterThan(event?.data.seq);
    await settle(100);
    expect(onStranger.events()).toEqual([]);
  });

  it('tells her other device that her account changed when she edits her profile (issue 37)', async () => {
    const { client: phone, email, userId } = await signedInClient(server);
    const laptop = await secondDevice(email);
    const onLaptop = await follow(laptop);
    await expect.poll(() => onLaptop.text()).toContain('retry:');

    const started = Date.now();
    const named = await phone.request('PATCH', `/api/users/${userId}`, { json: { name: 'Lily' } });
    expect(named.status).toBe(200);
    const [event] = await onLaptop.waitFor(1, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(event?.event).toBe('changed');
    // That her account changed, never what it says.
    expect(event?.data).toMatchObject({ account: true });
    expect(onLaptop.text()).not.toContain('Lily');
    expect((await laptop.get('/api/user')).body.name).toBe('Lily');

    // A push of her rows alone says nothing of her account.
    expect((await push(phone, [createChat(randomUUID(), 'hey')])).status).toBe(200);
    const events = await onLaptop.waitFor(2, 1000);
    expect(events[1]?.data.account).toBeUndefined();
  });

  it(`keeps at most ${MAX_STREAMS_PER_USER} streams of one account open, and frees a place when one closes`, async () => {
    const { client } = await signedInClient(server);
    const streams: LiveStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i += 1) streams.push(await follow(client));
    expect(streams.map((stream) => stream.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
    const refused = await follow(client);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text())).toMatchObject({ code: 'rate_limited' });
    // Another account is not held back by hers.
    const { client: other } = await signedInClient(server);
    expect((await follow(other)).status).toBe(200);

    streams[0]?.close();
    await expect.poll(async () => (await follow(client)).status).toBe(200);
  });
});
