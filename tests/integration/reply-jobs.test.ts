import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_FAILED_MESSAGE, replyStreamPath } from '@shared/chat';
import type { Mutation } from '@shared/sync';
import { FakeOpenAi } from './fakes/openai';
import { grant, parseEvents, signedInClient, SSE } from './fakes/besties';
import type { StreamEvent } from './fakes/besties';
import {
  createChat,
  eventually,
  messageIdOf,
  pullAll,
  push,
  replyEvents,
  replyWritten,
  sendMessage,
} from './fakes/sync';
import type { Client, TestServer } from './harness';
import { startTestServer } from './harness';

const MARKER = 'UNIQUE-MARKER-xyz';
const fake = new FakeOpenAi();
let server: TestServer;

beforeAll(async () => {
  await fake.start();
  server = await startTestServer({ env: { OPENAI_BASE_URL: fake.url } });
});
afterEach(() => {
  fake.release();
  fake.pieceDelayMs = 0;
});
afterAll(async () => {
  await server.stop();
  await fake.stop();
});

/** A paid (premium) user, so replies stream to her in full. */
async function paidClient() {
  const signedIn = await signedInClient(server, 'paid');
  await grant(server, signedIn.userId, 'premium');
  return signedIn;
}

/** A reply stream, open: read `until` the text so far fits, or the `rest` of it. */
async function openReplyStream(client: Client, chatId: string, messageId: string) {
  const response = await fetch(new URL(replyStreamPath(chatId, messageId), server.url), {
    headers: { ...SSE, cookie: client.cookieHeader() },
  });
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  let text = '';
  let ended = false;
  const readMore = async () => {
    const chunk = await reader.read();
    if (chunk.done) ended = true;
    else text += new TextDecoder().decode(chunk.value);
  };
  return {
    response,
    async until(check: (text: string) => boolean) {
      while (!check(text) && !ended) await readMore();
      return text;
    },
    async rest(): Promise<{ text: string; events: StreamEvent[] }> {
      while (!ended) await readMore();
      return { text, events: parseEvents(text) };
    },
  };
}

describe('POST /api/sync/push acknowledges at once', () => {
  it('answers applied before the model writes a word, and the reply arrives by pull after', async () => {
    const { client } = await paidClient();
    fake.hold();
    const before = fake.completions().length;
    const mutation = createChat(randomUUID(), 'Are you awake?');
    const answer = await push(client, [mutation]);
    expect(answer.status).toBe(200);
    expect(answer.body.results[0]).toMatchObject({ status: 'applied' });
    expect(answer.body.results[0].rows.messages).toMatchObject([
      { message: 'Are you awake?', isUser: true, seq: 1, replyError: null },
    ]);
    // The model was asked after the push and is still holding its answer.
    await eventually(async () => fake.completions().length > before);
    expect((await pullAll(client)).messages.map((m) => m.isUser)).toEqual([true]);

    fake.release();
    const { chatId, messageId } = messageIdOf(mutation);
    expect(await replyWritten(client, chatId, messageId)).toMatchObject({
      event: 'reply',
      data: { message: fake.reply, isUser: false, seq: 2 },
    });
    const pulled = await pullAll(client);
    expect(pulled.messages.map((m) => [m.seq, m.isUser, m.message])).toEqual([
      [1, true, 'Are you awake?'],
      [2, false, fake.reply],
    ]);
  });
});

describe('GET /api/chats/{chatId}/replies/{messageId}', () => {
  it("streams a paid user the model's pieces, then the reply; the pieces join to it", async () => {
    const { client } = await paidClient();
    fake.hold();
    const mutation = createChat(randomUUID(), 'Tell me a story');
    await push(client, [mutation]);
    const { chatId, messageId } = messageIdOf(mutation);
    const stream = await openReplyStream(client, chatId, messageId);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toBe('no-cache');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    fake.release();
    const { events } = await stream.rest();
    const deltas = events.filter((event) => event.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(events.at(-1)).toMatchObject({ event: 'reply', data: { message: fake.reply } });
    expect(deltas.map((event) => event.data.text).join('')).toBe(fake.reply);
  });

  it('gives a watcher who joins late the text so far as one delta, then the rest', async () => {
    const { client } = await paidClient();
    fake.pieceDelayMs = 40;
    fake.hold();
    const mutation = createChat(randomUUID(), 'Long story incoming');
    await push(client, [mutation]);
    const { chatId, messageId } = messageIdOf(mutation);
    const first = await openReplyStream(client, chatId, messageId);
    fake.release();
    await first.until((text) => (text.match(/event: delta/g) ?? []).length >= 2);

    const late = await replyEvents(client, chatId, messageId);
    const lateDeltas = late.events.filter((event) => event.event === 'delta');
    expect(lateDeltas[0]?.data.text.split(' ').length).toBeGreaterThan(1);
    expect(lateDeltas.map((event) => event.data.text).join('')).toBe(fake.reply);
    expect(late.events.at(-1)?.event).toBe('reply');
    expect((await first.rest()).events.at(-1)).toEqual(late.events.at(-1));
  });

  it('gives a free user no pieces while the reply is written: only the teaser, once stored', async () => {
    const { client } = await signedInClient(server, 'free');
    fake.pieceDelayMs = 10;
    fake.hold();
    const mutation = createChat(randomUUID(), 'Hi Cassie');
    await push(client, [mutation]);
    const { chatId, messageId } = messageIdOf(mutation);
    const stream = await openReplyStream(client, chatId, messageId);
    fake.release();
    const watching = await stream.rest();
    expect(watching.text).not.toContain(MARKER);
    expect(watching.events.map((event) => event.event)).toEqual(['delta', 'reply']);
    expect(watching.events[0]?.data.text).toBe('Oh babe, I hear you.');
    expect(watching.events[1]?.data).toMatchObject({
      message: 'Oh babe, I hear you.',
      isTeaser: true,
    });

    const stored = await replyEvents(client, chatId, messageId);
    expect(stored.text).not.toContain(MARKER);
    expect(stored.events.map((event) => event.event)).toEqual(['reply']);
    expect(stored.events[0]?.data.isTeaser).toBe(true);
  });

  it('answers reply at once when the reply is stored', async () => {
    const { client } = await paidClient();
    const mutation = createChat(randomUUID(), 'Quick one');
    await push(client, [mutation]);
    const { chatId, messageId } = messageIdOf(mutation);
    const written = await replyWritten(client, chatId, messageId);
    const again = await replyEvents(client, chatId, messageId);
    expect(again.events).toEqual([written]);
  });

  it('answers error when the reply failed, at once on a later read', async () => {
    const { client } = await paidClient();
    fake.failNext(3); // the first try and the SDK's two retries
    const mutation = createChat(randomUUID(), 'Hello?');
    await push(client, [mutation]);
    const { chatId, messageId } = messageIdOf(mutation);
    const error = {
      event: 'error',
      data: {
        message: REPLY_FAILED_MESSAGE,
        code: 'reply_failed',
      },
    };
    expect((await replyEvents(client, chatId, messageId)).events).toEqual([error]);
    expect((await replyEvents(client, chatId, messageId)).events).toEqual([error]);
  });

  it("answers 404 for another user's message, a reply's id and an unknown id; 401 signed out", async () => {
    const owner = await paidClient();
    const mutation = createChat(randomUUID(), 'Private thoughts');
    await push(owner.client, [mutation]);
    const { chatId, messageId } = messageIdOf(mutation);
    const reply = await replyWritten(owner.client, chatId, messageId);

    const other = await signedInClient(server, 'other');
    const theirs = await other.client.get(replyStreamPath(chatId, messageId), SSE);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ message: 'Chat not found', code: 'not_found' });
    expect(theirs.text).not.toContain('Private');
    for (const id of [reply.data.id as string, randomUUID()]) {
      const missing = await owner.client.get(replyStreamPath(chatId, id), SSE);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Message not found', code: 'not_found' });
    }
    const signedOut = await server.client().get(replyStreamPath(chatId, messageId), SSE);
    expect(signedOut.status).toBe(401);
  });

  it('presents a crisis reply whole, to a free user too', async () => {
    const { client } = await signedInClient(server, 'crisis');
    const mutation = createChat(randomUUID(), 'i want to die');
    await push(client, [mutation]);
    const { chatId, messageId } = messageIdOf(mutation);
    const { events } = await replyEvents(client, chatId, messageId);
    const reply = events.at(-1);
    expect(reply).toMatchObject({ event: 'reply', data: { isCrisis: true, isTeaser: false } });
    expect(reply?.data.message).toContain('988');
  });
});

describe('a reply that could not be written', () => {
  it('shows as replyError on her message in a pull; a new mutation with the same message id retries it once', async () => {
    const { client } = await paidClient();
    const chatId = randomUUID();
    fake.failNext(3);
    const first = sendMessage(chatId, 'Can you hear me?');
    await push(client, [createChat(chatId), first]);
    const { messageId } = messageIdOf(first);
    expect((await replyWritten(client, chatId, messageId)).event).toBe('error');

    const failed = await pullAll(client);
    expect(failed.messages).toEqual([
      expect.objectContaining({ id: messageId, isUser: true, replyError: REPLY_FAILED_MESSAGE }),
    ]);

    // Replaying the same mutation answers what it answered: no second try.
    const replay = await push(client, [first]);
    expect(replay.body.results[0]).toMatchObject({ status: 'applied' });
    expect((await replyEvents(client, chatId, messageId)).events[0]?.event).toBe('error');

    const retry: Mutation = sendMessage(chatId, 'Can you hear me?', messageId);
    const answer = await push(client, [retry]);
    expect(answer.body.results[0]).toMatchObject({ status: 'applied' });
    expect(answer.body.results[0].rows.messages).toEqual([
      expect.objectContaining({ id: messageId, replyError: null }),
    ]);
    expect(await replyWritten(client, chatId, messageId)).toMatchObject({
      event: 'reply',
      data: { message: fake.reply },
    });

    const delta = await pullAll(client, failed.cursor);
    expect(delta.messages.map((m) => [m.id === messageId, m.isUser, m.replyError])).toEqual([
      [true, true, null],
      [false, false, null],
    ]);
    const whole = await pullAll(client);
    expect(whole.messages.filter((m) => !m.isUser)).toHaveLength(1);
    // Sending it yet again changes nothing: it has its reply.
    await push(client, [sendMessage(chatId, 'Can you hear me?', messageId)]);
    expect((await pullAll(client, delta.cursor)).messages).toEqual([]);
  });

  it('the REST send of the same id retries it too, and clears the error', async () => {
    const { client } = await paidClient();
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    const body = { id: randomUUID(), message: 'Still there?' };
    fake.failNext(3);
    const failed = await client.post(`/api/chats/${chat.body.id}/messages`, body);
    expect(failed.status).toBe(502);
    const shown = await client.get(`/api/chats/${chat.body.id}`);
    expect(shown.body.messages[0].replyError).toBe(REPLY_FAILED_MESSAGE);
    const retried = await client.post(`/api/chats/${chat.body.id}/messages`, body);
    expect(retried.status).toBe(201);
    expect(retried.body.userMessage.replyError).toBeNull();
    expect(retried.body.reply.message).toBe(fake.reply);
  });
});

describe('the reply job runner', () => {
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer({
      env: { OPENAI_BASE_URL: fake.url, REPLY_JOB_CONCURRENCY: '2' },
    });
  });
  afterAll(async () => {
    await own.stop();
  });

  it('writes at most REPLY_JOB_CONCURRENCY replies at once, and one at a time per chat', async () => {
    const { client } = await signedInClient(own);
    const before = fake.completions().length;
    fake.hold();
    const busy = randomUUID();
    const mutations = [
      createChat(busy, 'First in a busy chat'),
      sendMessage(busy, 'Second in a busy chat'),
      createChat(randomUUID(), 'Another chat'),
      createChat(randomUUID(), 'A third chat'),
    ];
    await push(client, mutations);
    await eventually(async () => fake.completions().length >= before + 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.completions().length).toBe(before + 2);
    fake.release();
    for (const mutation of mutations) {
      const { chatId, messageId } = messageIdOf(mutation);
      expect((await replyWritten(client, chatId, messageId)).event).toBe('reply');
    }
    expect(fake.completions().length).toBe(before + 4);
    // The busy chat's second reply was asked for after the first was stored, and saw it.
    const second = fake
      .completions()
      .find((request) => request.body.messages?.at(-1)?.content.includes('Second in a busy chat'));
    expect(second?.body.messages?.slice(1).map((item) => item.role)).toEqual([
      'user',
      'assistant',
      'user',
    ]);
  });
});

describe('seq: the order of a chat', () => {
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer(); // its own clock, moved by this test alone
  });
  afterAll(async () => {
    await own.stop();
  });

  it('numbers messages 1..n in the order the server stored them, whatever the clock says', async () => {
    const { client } = await signedInClient(own);
    const chatId = randomUUID();
    const sends = ['one', 'two', 'three'].map((text) => sendMessage(chatId, text));
    await push(client, [createChat(chatId)]);
    for (const send of sends) {
      await push(client, [send]);
      await replyWritten(client, chatId, messageIdOf(send).messageId);
      own.clock.advance(-60_000); // the server's clock steps back between messages
    }
    const chat = await client.get(`/api/chats/${chatId}`);
    const messages = chat.body.messages as { seq: number; isUser: boolean; message: string }[];
    expect(messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(messages.filter((m) => m.isUser).map((m) => m.message)).toEqual(['one', 'two', 'three']);
    const times = chat.body.messages.map((m: { timestamp: string }) => Date.parse(m.timestamp));
    expect(times[4]).toBeLessThan(times[0]);
    const pulled = await pullAll(client);
    expect(pulled.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
