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
  /** True once the server has ended the stream. */
  done(): boolean;
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
  let done = false;
  const waiting = new Set<() => void>();
  if (response.status === 200 && response.body) {
    const decoder = new TextDecoder();
    void (async () => {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        for (const wake of waiting) wake();
      }
      done = true;
    })().catch(() => undefined);
  } else {
    text = await response.text();
    done = true;
  }
  const stream: LiveStream = {
    status: response.status,
    headers: response.headers,
    events: () => parseEvents(text),
    text: () => text,
    done: () => done,
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

  it('tells her other device that her account changed when she edits her profile', async () => {
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

  it('closes the stream of a device signed out from another, saying `ended`, and keeps the others', async () => {
    const { client: phone, email } = await signedInClient(server);
    const laptop = await secondDevice(email);
    const tablet = await secondDevice(email);
    const onLaptop = await follow(laptop);
    const onTablet = await follow(tablet);
    const onPhone = await follow(phone);
    await expect.poll(() => onTablet.text()).toContain('retry:');

    // The phone signs the laptop out (Settings, Your devices).
    const { sessions } = (await phone.get('/api/sessions')).body as {
      sessions: { id: string; current: boolean; lastSeenAt: string }[];
    };
    const others = sessions.filter((session) => !session.current);
    expect(others).toHaveLength(2);
    const laptopSession = (await laptop.get('/api/sessions')).body.sessions.find(
      (session: { current: boolean }) => session.current,
    ) as { id: string };
    const started = Date.now();
    expect((await phone.request('DELETE', `/api/sessions/${laptopSession.id}`)).status).toBe(200);
    await onLaptop.waitFor(1, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(onLaptop.events().map((event) => event.event)).toEqual(['ended']);
    await expect.poll(() => onLaptop.done(), { timeout: 1000 }).toBe(true);
    // Nothing of hers reaches it afterwards.
    expect((await push(phone, [createChat(randomUUID(), 'after')])).status).toBe(200);
    await settle(100);
    expect(onLaptop.events().map((event) => event.event)).toEqual(['ended']);
    // Her devices still signed in go on hearing of her changes.
    expect(onTablet.events().every((event) => event.event === 'changed')).toBe(true);
    await expect.poll(() => onTablet.events().length).toBeGreaterThanOrEqual(2);
    expect(onPhone.done()).toBe(false);

    // 'Sign out everywhere else' ends the tablet's stream too, and not the phone's.
    expect((await phone.request('DELETE', '/api/sessions')).status).toBe(200);
    await expect.poll(() => onTablet.events().at(-1)?.event, { timeout: 1000 }).toBe('ended');
    await expect.poll(() => onTablet.done(), { timeout: 1000 }).toBe(true);
    expect(onPhone.done()).toBe(false);
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
