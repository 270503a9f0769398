import { readCrisis } from '@shared/safety/crisis';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAi } from './fakes/openai';
import { grant, parseEvents, signedInClient, SSE } from './fakes/besties';
import { pullAll } from './fakes/sync';
import type { TestServer } from './harness';
import { startTestServer } from './harness';

/*
 * With a model configured, the model checks each of her messages the
 * detector did not flag, beside the reply, within SAFETY_CHECK_TIMEOUT_MS.
 */

const fake = new FakeOpenAi();
let server: TestServer;
const TIMEOUT_MS = 400;

beforeAll(async () => {
  await fake.start();
  server = await startTestServer({
    env: {
      OPENAI_BASE_URL: fake.url,
      OPENAI_MODERATION: 'false',
      SAFETY_CHECK_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
});
afterAll(async () => {
  await server.stop();
  await fake.stop();
});
afterEach(() => {
  fake.checkDelayMs = 0;
  fake.checkFails = false;
  fake.pieceDelayMs = 0;
});

// Words the local detector reads as ordinary: only the model's check (the fake flags the
// marker) can call them a crisis.
const MISSED = 'my week has been a lot, tell me something nice CHECK-FLAG-8';

describe("the model's second opinion on her message", () => {
  it('stands for a message the local detector misses', () => {
    expect(readCrisis(MISSED).crisis).toBe(false);
  });

  it('asks with structured output, {crisis: boolean}, about her words alone', async () => {
    const { client } = await signedInClient(server);
    const from = fake.checks().length;
    await client.post('/api/chats', { message: 'he texted me back' });
    const [check] = fake.checks().slice(from);
    expect(check?.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'crisis_check', schema: { required: ['crisis'] } },
    });
    expect(check?.body.messages?.at(-1)).toEqual({ role: 'user', content: 'he texted me back' });
  });

  it('a crisis verdict answers with the crisis reply in full, never a teaser, and sets care mode', async () => {
    const { client } = await signedInClient(server);
    fake.pieceDelayMs = 50;
    const created = await client.post('/api/chats', { message: MISSED });
    const reply = created.body.messages[1];
    expect(reply).toMatchObject({ isCrisis: true, isTeaser: false });
    expect(reply.message).toContain('741741');
    expect(reply.message).not.toContain('UNIQUE-MARKER-xyz');
    expect(created.body.careUntil).not.toBeNull();
    const pulled = await pullAll(client);
    const stored = pulled.messages.find((message) => message.id === reply.id);
    expect(stored).toMatchObject({ isCrisis: true, isTeaser: false, message: reply.message });
  });

  it('ends the stream with the crisis reply, which takes the place of what streamed', async () => {
    const { client } = await signedInClient(server);
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    const streamed = await client.post(
      `/api/chats/${chat.body.id}/messages`,
      { id: randomUUID(), message: MISSED },
      SSE,
    );
    const last = parseEvents(streamed.text).at(-1);
    expect(last?.event).toBe('reply');
    expect(last?.data).toMatchObject({ isCrisis: true, isTeaser: false });
    expect(last?.data.message).toContain('741741');
    expect(last?.data.message).not.toContain('UNIQUE-MARKER-xyz');
  });

  it("never holds back the reply's pieces while the check runs", async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'premium');
    fake.checkDelayMs = 1_000;
    fake.pieceDelayMs = 20;
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true, personaId: 2 });
    const streamed = await client.post(
      `/api/chats/${chat.body.id}/messages`,
      { id: randomUUID(), message: 'tell me about your day' },
      SSE,
    );
    const deltas = parseEvents(streamed.text).filter((event) => event.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
  });

  it('a slow check is dropped at the bound: the reply comes as it is', async () => {
    const { client } = await signedInClient(server);
    fake.checkDelayMs = 5_000;
    const started = performance.now();
    const created = await client.post('/api/chats', { message: MISSED });
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 1_500);
    expect(created.body.messages[1]).toMatchObject({ isCrisis: false, isTeaser: true });
  });

  it('a failed check lets the reply through, and never hides what the detector found', async () => {
    const { client } = await signedInClient(server);
    fake.checkFails = true;
    const ordinary = await client.post('/api/chats', { message: MISSED });
    expect(ordinary.body.messages[1]).toMatchObject({ isCrisis: false, isTeaser: true });
    const found = await client.post('/api/chats', { message: 'i want to kill myself' });
    expect(found.body.messages[1]).toMatchObject({ isCrisis: true, isTeaser: false });
  });

  it('is not asked about a message the detector already flagged', async () => {
    const { client } = await signedInClient(server);
    const from = fake.checks().length;
    const found = await client.post('/api/chats', { message: 'i want to die' });
    expect(found.body.messages[1]).toMatchObject({ isCrisis: true });
    expect(fake.checks().length).toBe(from);
  });
});
