import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRISIS_TAG } from '../../sync-server/src/safety/modelReply';
import { FakeOpenAi } from './fakes/openai';
import { parseEvents, signedInClient, SSE } from './fakes/besties';
import type { TestServer } from './harness';
import { startTestServer } from './harness';

const fake = new FakeOpenAi();
let server: TestServer;

beforeAll(async () => {
  await fake.start();
  server = await startTestServer({
    env: { OPENAI_BASE_URL: fake.url, OPENAI_MODERATION: 'true' },
  });
});
afterAll(async () => {
  await server.stop();
  await fake.stop();
});

const RESOURCES = [
  'US: call or text 988 (Suicide & Crisis Lifeline)',
  'Crisis Text Line: text HOME to 741741',
  'Outside the US: findahelpline.com',
];

function expectCrisisReply(reply: { message: string; isTeaser: boolean; isCrisis: boolean }) {
  expect(reply.isTeaser).toBe(false);
  expect(reply.isCrisis).toBe(true);
  for (const line of RESOURCES) expect(reply.message).toContain(line);
  expect(reply.message).toMatch(/call 911/i);
  expect(reply.message).toMatch(/an AI, not a person/);
}

describe('crisis in the light of the conversation', () => {
  it('reads "no" to the crisis reply\'s "are you safe?" as a crisis; in an ordinary chat, not', async () => {
    const { client } = await signedInClient(server);
    const created = await client.post('/api/chats', { message: 'i want to kill myself' });
    expect(created.body.messages[1]).toMatchObject({ isCrisis: true });
    const answer = await client.post(`/api/chats/${created.body.id}/messages`, {
      message: 'not really',
    });
    expectCrisisReply(answer.body.reply);

    const other = await client.post('/api/chats', { message: 'should I text him first' });
    const no = await client.post(`/api/chats/${other.body.id}/messages`, { message: 'not really' });
    expect(no.body.reply).toMatchObject({ isCrisis: false });
  });

  it('checks the text she shares from a screenshot too', async () => {
    const { client } = await signedInClient(server);
    const created = await client.post('/api/chats', {
      message: 'what do you think of this',
      isOCR: true,
      extractedText: 'me: i want to kill myself tonight',
    });
    expectCrisisReply(created.body.messages[1]);
  });
});

describe('crisis help a model wrote', () => {
  it('opens nothing: a free user sees its opening beside the help card, without its tag', async () => {
    const { client } = await signedInClient(server);
    const before = fake.reply;
    fake.reply = `${CRISIS_TAG} I am an AI and I am worried about you. Please call or text 988 now. HIDDEN-PART-55 stays.`;
    try {
      const created = await client.post('/api/chats', { message: 'I had a weird day' });
      const reply = created.body.messages[1];
      expect(reply).toMatchObject({ isCrisis: false, isTeaser: true, helpCard: true });
      expect(reply.message).not.toContain('HIDDEN-PART-55');
      expect(reply.message).not.toContain(CRISIS_TAG);
      const streamed = await client.post(
        `/api/chats/${created.body.id}/messages`,
        { message: 'ok' },
        SSE,
      );
      expect(streamed.text).not.toContain('HIDDEN-PART-55');
      expect(streamed.text).not.toContain(CRISIS_TAG);
    } finally {
      fake.reply = before;
    }
  });
});

describe('crisis messages are never behind the paywall', () => {
  it('a free user gets the full resources, and no model writes them', async () => {
    const { client } = await signedInClient(server);
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    const before = fake.completions().length;
    const answer = await client.post(`/api/chats/${chat.body.id}/messages`, {
      message: "I just want to kill myself, there's no reason to live",
    });
    expect(answer.status).toBe(201);
    expectCrisisReply(answer.body.reply);
    expect(fake.completions().length).toBe(before);
    const stored = await client.get(`/api/chats/${chat.body.id}`);
    expectCrisisReply(stored.body.messages[1]);
  });

  it('in a first message, and in a stream, in full', async () => {
    const { client } = await signedInClient(server);
    const created = await client.post('/api/chats', { message: 'i want to die' });
    expectCrisisReply(created.body.messages[1]);
    const streamed = await client.post(
      `/api/chats/${created.body.id}/messages`,
      { id: randomUUID(), message: 'I keep wanting to cut myself' },
      SSE,
    );
    const events = parseEvents(streamed.text);
    expect(events.map((event) => event.event)).toEqual(['user', 'delta', 'reply']);
    expectCrisisReply(events[2]?.data);
    expect(events[1]?.data.text).toBe(events[2]?.data.message);
  });

  it("uses the provider's moderation when OPENAI_MODERATION is on", async () => {
    const { client } = await signedInClient(server);
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    const answer = await client.post(`/api/chats/${chat.body.id}/messages`, {
      message: 'something only the moderation model catches MODERATION-FLAG-7',
    });
    expectCrisisReply(answer.body.reply);
    expect(fake.requests.some((request) => request.path.endsWith('/moderations'))).toBe(true);
  });

  it('answers a figure of speech normally', async () => {
    const { client } = await signedInClient(server);
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    const answer = await client.post(`/api/chats/${chat.body.id}/messages`, {
      message: 'this homework is killing me lol',
    });
    expect(answer.body.reply).toMatchObject({ isCrisis: false, isTeaser: true });
  });
});
