import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@shared/chat';
import { compactPullPath, decodePullPage } from '@shared/compact-pull';
import { personaById } from '@shared/personas';
import type { Persona } from '@shared/personas';
import { composeReply } from '../../sync-server/src/replies/builtin/engine';
import { FakeOpenAi } from './fakes/openai';
import { parseEvents, signedInClient, SSE } from './fakes/besties';
import { pullAll } from './fakes/sync';
import type { Client, TestServer } from './harness';
import { DAY, MINUTE, startTestServer } from './harness';

/*
 * Help and care, server side: the paywall is decided from her side only, replies never use
 * her email, the crisis reply gives the help her situation asks first, and a chat's risk
 * state puts it in care mode for 24 hours. Each through every path a reply
 * reaches her: REST, the reply stream, the sync pull (plain and compact) and the export.
 */

const fake = new FakeOpenAi();
let model: TestServer;
let builtin: TestServer;

beforeAll(async () => {
  await fake.start();
  model = await startTestServer({
    env: { OPENAI_BASE_URL: fake.url, OPENAI_MODERATION: 'false' },
  });
  builtin = await startTestServer({ env: { BUILTIN_REPLY_PIECE_DELAY_MS: '0' } });
});
afterAll(async () => {
  await model.stop();
  await builtin.stop();
  await fake.stop();
});

const TAIL = 'SECRET-TAIL-36';
/** A model that ends every reply with crisis help, whatever she said. */
const HELPFUL_REPLY = `Oh babe, I hear you. ${TAIL} is the part a free plan never shows. If it ever gets too much, call 988 or visit findahelpline.com.`;

/** Every way a reply reaches her, for one message id: REST page, pull, compact pull, export. */
async function everyPathOf(client: Client, chatId: string, replyId: string) {
  const page = await client.get(`/api/chats/${chatId}`);
  const pulled = await pullAll(client);
  const compact = await client.get(compactPullPath(0));
  const exported = await client.get('/api/user/export');
  const find = (messages: ChatMessage[]) => messages.find((message) => message.id === replyId);
  const exportedChat = exported.body.chats.find((chat: { id: string }) => chat.id === chatId);
  return {
    page: find(page.body.messages),
    pull: find(pulled.messages),
    compact: find(decodePullPage(compact.body).messages),
    export: find(exportedChat.messages),
    chats: {
      list: (await client.get('/api/chats')).body.find(
        (chat: { id: string }) => chat.id === chatId,
      ),
      page: page.body,
      pull: pulled.chats.filter((chat) => chat.id === chatId).at(-1),
      compact: decodePullPage(compact.body).chats.find((chat) => chat.id === chatId),
      export: exportedChat,
    },
  };
}

/**
 * A message id whose built-in reply to `text` (seeded by the id) carries `words`: the first
 * message of a new chat, as the engine sees it.
 */
function echoingId(text: string, name: string, words: string): string {
  const persona = personaById(1) as Persona;
  for (let tries = 0; tries < 500; tries++) {
    const id = randomUUID();
    const reply = composeReply({
      persona,
      history: [{ role: 'user', content: text }],
      user: { name, ageRange: null, location: null },
      screenshotText: [],
      seed: id,
    });
    if (reply.includes(words)) return id;
  }
  throw new Error(`no reply to "${text}" carries "${words}"`);
}

async function send(client: Client, chatId: string, message: string, id = randomUUID()) {
  const answer = await client.post(`/api/chats/${chatId}/messages`, { id, message });
  expect(answer.status).toBe(201);
  return answer.body.reply as ChatMessage;
}

describe('crisis words never open the paywall (point 7)', () => {
  it("a model's reply that ends with help stays a teaser beside the help card, on every path", async () => {
    const before = fake.reply;
    fake.reply = HELPFUL_REPLY;
    try {
      const { client } = await signedInClient(model);
      const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
      const reply = await send(client, chat.body.id, 'he left me on read again');
      expect(reply).toMatchObject({ isTeaser: true, isCrisis: false, helpCard: true });
      expect(reply.message).toBe('Oh babe, I hear you.');

      const streamed = await client.post(
        `/api/chats/${chat.body.id}/messages`,
        { id: randomUUID(), message: 'what should I say back' },
        SSE,
      );
      expect(streamed.text).not.toContain(TAIL);
      const last = parseEvents(streamed.text).at(-1);
      expect(last?.data).toMatchObject({ isTeaser: true, helpCard: true });

      const paths = await everyPathOf(client, chat.body.id, reply.id);
      for (const shown of [paths.page, paths.pull, paths.compact, paths.export]) {
        expect(shown).toMatchObject({ isTeaser: true, isCrisis: false, helpCard: true });
      }
      const exported = await client.get('/api/user/export');
      const pulled = await client.get('/api/sync/pull?cursor=0');
      const page = await client.get(`/api/chats/${chat.body.id}`);
      for (const text of [exported.text, pulled.text, page.text]) expect(text).not.toContain(TAIL);
      // Not a crisis from her side: the chat is not in care mode.
      expect(paths.chats.list.careUntil).toBeNull();
    } finally {
      fake.reply = before;
    }
  });

  it('a message that merely mentions 988, echoed back by the built-in engine, opens nothing', async () => {
    const { client } = await signedInClient(builtin);
    const text = 'my new number ends in 988, he keeps calling it';
    const messageId = echoingId(text, '', '988');
    const created = await client.post('/api/chats', { message: text, messageId });
    const reply = created.body.messages[1] as ChatMessage;
    expect(reply).toMatchObject({ isTeaser: true, isCrisis: false, helpCard: true });
    const paths = await everyPathOf(client, created.body.id, reply.id);
    for (const shown of [paths.page, paths.pull, paths.compact, paths.export]) {
      expect(shown).toMatchObject({ isTeaser: true, isCrisis: false });
    }
  });

  it("a profile name 'Crisis Text Line' opens nothing", async () => {
    const { client, userId } = await signedInClient(builtin);
    const named = await client.request('PATCH', `/api/users/${userId}`, {
      json: { name: 'Crisis Text Line' },
    });
    expect(named.status).toBe(200);
    const text = 'I feel so sad today';
    const messageId = echoingId(text, 'Crisis Text Line', 'Crisis Text Line');
    const created = await client.post('/api/chats', { message: text, messageId });
    const reply = created.body.messages[1] as ChatMessage;
    expect(reply).toMatchObject({ isTeaser: true, isCrisis: false, helpCard: true });
    const paths = await everyPathOf(client, created.body.id, reply.id);
    for (const shown of [paths.page, paths.pull, paths.compact, paths.export]) {
      expect(shown).toMatchObject({ isTeaser: true, isCrisis: false });
    }
  });
});

describe('never her email (point 6)', () => {
  async function lily(server: TestServer) {
    const client = server.client();
    const email = `lily.crisis+${randomUUID().slice(0, 8)}@example.com`;
    const answer = await client.post('/api/register', { email, password: 'bestie-pass' });
    expect(answer.status).toBe(201);
    return client;
  }
  const NEVER = /lily\.crisis/i;

  it('the crisis reply opens without a name when she set none', async () => {
    const client = await lily(builtin);
    const created = await client.post('/api/chats', { message: 'i want to kill myself' });
    const reply = created.body.messages[1] as ChatMessage;
    expect(reply.isCrisis).toBe(true);
    expect(reply.message).toMatch(/^I'm really glad you told me, and I'm taking/);
    expect(reply.message).not.toMatch(NEVER);
  });

  it('no reply of the built-in engine, whole or teaser, calls her by her email', async () => {
    const client = await lily(builtin);
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    const texts = ['hi', 'I feel so sad', 'I am anxious about my exam', 'he ghosted me', 'thanks'];
    for (const text of texts) {
      const reply = await send(client, chat.body.id, text);
      expect(reply.message).not.toMatch(NEVER);
    }
    // The whole replies, in care mode (free users read them whole then).
    await send(client, chat.body.id, 'i want to die');
    for (const text of texts) {
      const reply = await send(client, chat.body.id, text);
      expect(reply.isTeaser).toBe(false);
      expect(reply.message).not.toMatch(NEVER);
    }
  });

  it("a model never reads her email's local part as her name", async () => {
    const client = await lily(model);
    const from = fake.completions().length;
    const chat = await client.post('/api/chats', { message: 'hey bestie' });
    expect(chat.status).toBe(201);
    const sent = fake.completions().slice(from);
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) expect(JSON.stringify(request.body)).not.toMatch(NEVER);
  });
});

describe('the right help first (point 5)', () => {
  it('for an overdose: 911 now, then Poison Control, then 988, Crisis Text Line, findahelpline', async () => {
    const { client } = await signedInClient(builtin);
    const created = await client.post('/api/chats', { message: 'i took all my pills' });
    const reply = created.body.messages[1] as ChatMessage;
    expect(reply.isCrisis).toBe(true);
    const order = ['Call 911 now', '1-800-222-1222', '988', '741741', 'findahelpline.com'].map(
      (words) => reply.message.indexOf(words),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('for other crises the lines first, and 911 for danger last', async () => {
    const { client } = await signedInClient(builtin);
    const created = await client.post('/api/chats', { message: 'i want to kill myself' });
    const { message } = created.body.messages[1] as ChatMessage;
    expect(message.indexOf('988')).toBeLessThan(message.indexOf('call 911'));
    expect(message).not.toContain('Poison Control');
  });
});

describe('care mode (points 2 and 3)', () => {
  it("after a crisis, a free user's replies in that chat come whole for 24 hours, then teasers again", async () => {
    const { client } = await signedInClient(model);
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    const chatId = chat.body.id as string;
    const ordinary = await send(client, chatId, 'he texted me back finally');
    expect(ordinary.isTeaser).toBe(true);
    expect((await client.get(`/api/chats/${chatId}`)).body.careUntil).toBeNull();

    const crisisAt = model.clock.now();
    const crisis = await send(client, chatId, 'i want to kill myself');
    expect(crisis.isCrisis).toBe(true);

    const from = fake.completions().length;
    const whole = await send(client, chatId, 'he texted me back finally');
    expect(whole).toMatchObject({ isTeaser: false, isCrisis: false });
    expect(whole.message).toContain('UNIQUE-MARKER-xyz');
    // The model wrote it with her safety first.
    const prompt = fake.completions().at(from)?.body.messages?.[0]?.content ?? '';
    expect(prompt).toContain('CARE MODE');

    const streamed = await client.post(
      `/api/chats/${chatId}/messages`,
      { id: randomUUID(), message: 'what should I do' },
      SSE,
    );
    const streamedReply = parseEvents(streamed.text).at(-1)?.data;
    expect(streamedReply).toMatchObject({ isTeaser: false });
    expect(streamed.text).toContain('UNIQUE-MARKER-xyz');

    const careUntil = new Date(crisisAt + DAY).toISOString();
    const paths = await everyPathOf(client, chatId, whole.id);
    for (const shown of [paths.page, paths.pull, paths.compact, paths.export]) {
      expect(shown).toMatchObject({ isTeaser: false, message: whole.message });
    }
    for (const shown of Object.values(paths.chats)) {
      expect(Date.parse(shown.careUntil)).toBeGreaterThanOrEqual(Date.parse(careUntil));
      expect(Date.parse(shown.careUntil)).toBeLessThan(Date.parse(careUntil) + MINUTE);
    }

    model.clock.advance(DAY + MINUTE);
    const after = await send(client, chatId, 'he texted me back finally');
    expect(after).toMatchObject({ isTeaser: true, isCrisis: false });
    const later = await everyPathOf(client, chatId, after.id);
    for (const shown of [later.page, later.pull, later.compact, later.export]) {
      expect(shown).toMatchObject({ isTeaser: true });
    }
    for (const shown of Object.values(later.chats)) expect(shown.careUntil).toBeNull();
    // What she was shown whole stays whole.
    expect(later.page ?? later.pull).toBeDefined();
    const earlier = (await pullAll(client)).messages.find((message) => message.id === whole.id);
    expect(earlier?.isTeaser).toBe(false);
  });

  it('the chat list stops showing care mode once it ends, with nothing written meanwhile', async () => {
    const { client } = await signedInClient(builtin);
    const chat = await client.post('/api/chats', { message: 'i want to die' });
    const listed = async () =>
      (await client.get('/api/chats')).body.find((row: { id: string }) => row.id === chat.body.id);
    expect((await listed()).careUntil).not.toBeNull();
    expect((await client.get(`/api/chats/${chat.body.id}`)).body.careUntil).not.toBeNull();
    builtin.clock.advance(DAY);
    expect((await listed()).careUntil).toBeNull();
    expect((await client.get(`/api/chats/${chat.body.id}`)).body.careUntil).toBeNull();
  });

  it('"no" after a crisis reply is a crisis; an ordinary "no" elsewhere is not', async () => {
    const { client } = await signedInClient(builtin);
    const chat = await client.post('/api/chats', { message: 'i want to kill myself' });
    const no = await send(client, chat.body.id, 'no');
    expect(no).toMatchObject({ isCrisis: true, isTeaser: false });
    const other = await client.post('/api/chats', { message: 'should I text him' });
    const plain = await send(client, other.body.id, 'no');
    expect(plain).toMatchObject({ isCrisis: false, isTeaser: true });
  });

  it('"its fine i just want to sleep" after a crisis reply gets a crisis reply, not a teaser', async () => {
    const { client } = await signedInClient(builtin);
    const chat = await client.post('/api/chats', { message: 'i want to kill myself' });
    expect(await send(client, chat.body.id, 'no')).toMatchObject({ isCrisis: true });
    const sleep = await send(client, chat.body.id, 'its fine i just want to sleep');
    expect(sleep).toMatchObject({ isCrisis: true, isTeaser: false });
  });
});
